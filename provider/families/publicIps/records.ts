// The records of the publicIps family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { bool, record, str } from "../../client/records";

/** A public IP address as the platform shows it (CloudStack's IPAddressResponse, emulator/README.md). */
export const PublicIpSchema = z.looseObject({
  id: z.string(),
  ipAddress: str(),
  zoneId: str(),
  zoneName: str(),
  vpcId: str(),
  associatedNetworkId: str(),
  associatedNetworkName: str(),
  isSourceNat: bool(),
  isStaticNat: bool(),
  virtualMachineId: str(),
  virtualMachineName: str(),
  vmIpAddress: str(),
  state: str(),
  tags: record(),
  created: str(),
});
export type PublicIp = z.output<typeof PublicIpSchema>;
