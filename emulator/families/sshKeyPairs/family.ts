// SSH key pairs: registered by name with a public key, listed, read and deleted; synchronous, like CloudStack's
// registerSSHKeyPair / listSSHKeyPairs / deleteSSHKeyPair. No tags, no quota (CloudStack counts neither).
import { collection, defineFamily } from "../../family";
import * as k from "./sshKeyPairs";

export const sshKeyPairs = defineFamily({
  key: "sshKeyPairs",
  label: "SSH key pair",
  resourceType: "SshKeyPair",
  routes: collection("/ssh-keypairs", k),
});
