// SSH key pairs' records (CloudStack's SSHKeyPairVO).
import type { Owned } from "../../records";

export interface SshKeyPairRec extends Owned {
  name: string;
  /** The key as CloudStack stores it: "<type> <base64>", comment dropped. */
  publicKey: string;
  /** MD5 of the decoded key blob, colon-separated lower-case hex. */
  fingerprint: string;
}

declare module "../../records" {
  interface FamilyRecords {
    sshKeyPairs: SshKeyPairRec;
  }
}
