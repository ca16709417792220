// The records of the publicIps family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { bool, record, str } from "../../client/records";

/** A public IP address as the platform shows it (CloudStack's IPAddressResponse, emulator/README.md). */
export const PublicIpSchema = z
  .looseObject({
    id: z.string().describe("The id of the public IP address (`cim.PublicIp`)."),
    ipAddress: str().describe("The public address, e.g. `198.18.0.7`."),
    zoneId: str().describe("The id of the zone the address belongs to (`cim.getZone`)."),
    zoneName: str().describe("The name of the zone the address belongs to."),
    vpcId: str().describe("The id of the VPC the address was acquired for (`cim.Vpc`), if any."),
    associatedNetworkId: str().describe("The id of the guest network the address serves (`cim.Network`): the isolated network it was acquired for, or a VPC tier its rules point into."),
    associatedNetworkName: str().describe("The name of that guest network."),
    isSourceNat: bool().describe("Whether it is the source-NAT address of its network or VPC (such an address cannot be released)."),
    isStaticNat: bool().describe("Whether static NAT maps the address onto an instance."),
    virtualMachineId: str().describe("The id of the instance static NAT maps the address onto (`cim.Instance`); set only with static NAT."),
    virtualMachineName: str().describe("The name of that instance, as the platform reports it; set only with static NAT."),
    vmIpAddress: str().describe("The instance's NIC address the public address maps onto; set only with static NAT."),
    state: str().describe("The address's state: Allocating, Allocated, Releasing, or Error when the acquisition failed."),
    tags: record().describe("The address's tags, key to value."),
    created: str().describe("When the address was acquired (ISO 8601 timestamp)."),
  })
  .describe("A public IP address acquired for an isolated network or a VPC (`cim.PublicIp`).");
export type PublicIp = z.output<typeof PublicIpSchema>;
