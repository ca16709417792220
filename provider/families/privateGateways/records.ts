// The records of the privateGateways family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { bool, opt, str } from "../../client/records";

/** A VPC private gateway (emulator/README.md: CloudStack's PrivateGatewayResponse, camelCase). */
export const PrivateGatewaySchema = z.looseObject({
  id: z.string(),
  vpcId: str(),
  vpcName: str(),
  zoneId: str(),
  zoneName: str(),
  ipAddress: str(),
  gateway: str(),
  netmask: str(),
  /** The VLAN tag; CloudStack shows it as text ("100"), a number is read the same. */
  vlan: opt(z.union([z.string(), z.number()]).transform(String)),
  sourceNatSupported: bool(),
  aclId: str(),
  aclName: str(),
  state: str(),
  created: str(),
});
export type PrivateGateway = z.output<typeof PrivateGatewaySchema>;
