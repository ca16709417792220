// The records of the sshKeyPairs family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { str } from "../../client/records";

/** An SSH key pair as the platform shows it: never the public key (emulator/README.md, CloudStack's response). */
export const SshKeyPairSchema = z.looseObject({
  id: z.string(),
  name: str(),
  fingerprint: str(),
  account: str(),
});
export type SshKeyPair = z.output<typeof SshKeyPairSchema>;
