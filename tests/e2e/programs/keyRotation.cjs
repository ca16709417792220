// An SSH key pair and two instances given its name (as the docs show, `sshKeyNames: [key.name]`) and host names;
// the key's text from stack config `publicKey`. Used by the options test: a new key replaces the key pair
// delete-first (its name is kept) and leaves the instances as they are; a new name replaces them after it.
module.exports = async (cim, pulumi) => {
  const c = new pulumi.Config();
  const zoneId = (await cim.getZones())[0].id;
  const templateId = (await cim.getTemplate("Ubuntu 22.04 LTS")).id;
  const serviceOfferingId = (await cim.getComputeOffering("Small")).id;
  const key = new cim.SshKeyPair("key", { name: c.require("keyName"), publicKey: c.require("publicKey") });
  const vms = ["web", "worker"].map(
    (name) =>
      new cim.Instance(name, {
        name: `${c.require("hostName")}-${name}`,
        zoneId,
        templateId,
        serviceOfferingId,
        sshKeyNames: [key.name],
      }),
  );
  return { vmId: vms[0].id, keyId: key.id };
};
