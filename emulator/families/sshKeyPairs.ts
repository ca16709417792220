// SSH key pairs: registered by name with a public key, listed, read and deleted; synchronous, like CloudStack's
// registerSSHKeyPair / listSSHKeyPairs / deleteSSHKeyPair. No tags, no quota (CloudStack counts neither).
import { defineFamily, apiRoute as r } from "../family";
import * as k from "../handlers/sshKeyPairs";

export const sshKeyPairs = defineFamily<k.SshKeyPairRec>()({
  key: "sshKeyPairs",
  label: "SSH key pair",
  resourceType: "SshKeyPair",
  routes: [
    r("POST", "/ssh-keypairs", k.registerKeyPair),
    r("GET", "/ssh-keypairs", k.listKeyPairs),
    r("GET", "/ssh-keypairs/{id}", k.getKeyPair),
    r("DELETE", "/ssh-keypairs/{id}", k.deleteKeyPair),
  ],
});
