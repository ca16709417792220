// The records of the networks family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { record, str } from "../../client/records";

export const NetworkSchema = z.looseObject({
  id: z.string(),
  name: str(),
  displayText: str(),
  zoneId: str(),
  networkOfferingId: str(),
  vpcId: str(),
  gateway: str(),
  netmask: str(),
  cidr: str(),
  networkDomain: str(),
  /** A VPC tier's network ACL list. */
  aclId: str(),
  state: str(),
  tags: record(),
  zoneName: str(),
  networkOfferingName: str(),
  created: str(),
});
export type Network = z.output<typeof NetworkSchema>;
