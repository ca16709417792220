// The records of the privateGateways family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { bool, opt, str } from "../../client/records";

/** A VPC private gateway (emulator/README.md: CloudStack's PrivateGatewayResponse, camelCase). */
export const PrivateGatewaySchema = z
  .looseObject({
    id: z.string().describe("The id of the private gateway (`cim.VpcGateway`)."),
    vpcId: str().describe("The id of the VPC the gateway belongs to (`cim.Vpc`)."),
    vpcName: str().describe("The name of that VPC."),
    zoneId: str().describe("The id of the zone the gateway belongs to (`cim.getZone`)."),
    zoneName: str().describe("The name of that zone."),
    ipAddress: str().describe("The VPC router's address on the private network, e.g. `172.16.0.2`."),
    gateway: str().describe("The private network's gateway (the next hop beyond the VPC), e.g. `172.16.0.1`."),
    netmask: str().describe("The private network's netmask, e.g. `255.255.255.0`."),
    vlan: opt(z.union([z.string(), z.number()]).transform(String)).describe("The VLAN tag of the private network as text, e.g. `100` (the platform shows it as text; a number reads the same)."),
    sourceNatSupported: bool().describe("Whether traffic leaving through the gateway is source-NATed."),
    aclId: str().describe("The id of the gateway's network ACL list (`cim.NetworkAclList`, or one of the VPC's default lists)."),
    aclName: str().describe("The name of that list."),
    state: str().describe("The gateway's state: Creating, Ready or Deleting."),
    created: str().describe("When the gateway was created (ISO 8601 timestamp)."),
  })
  .describe("A VPC private gateway: the VPC's address on a private network (a VLAN) beyond the VPC (`cim.VpcGateway`).");
export type PrivateGateway = z.output<typeof PrivateGatewaySchema>;
