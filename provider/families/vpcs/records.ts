// The records of the vpcs family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { record, str } from "../../client/records";

export const VpcSchema = z.looseObject({
  id: z.string(),
  name: str(),
  displayText: str(),
  zoneId: str(),
  cidr: str(),
  vpcOfferingId: str(),
  networkDomain: str(),
  state: str(),
  tags: record(),
  zoneName: str(),
  vpcOfferingName: str(),
  created: str(),
});
export type Vpc = z.output<typeof VpcSchema>;
