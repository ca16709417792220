// An instance that leaves its label to the platform, a volume no instance holds, and a volume named after what the
// other two lack or leave at their default: what a preview of an unchanged stack knows of outputs a resource lacks
// (and of one that is only an input the program leaves out).
module.exports = async (cim) => {
  const zoneId = (await cim.getZones({}))[0].id;
  const templateId = (await cim.getTemplate({ name: "Ubuntu 22.04 LTS" })).id;
  const serviceOfferingId = (await cim.getComputeOffering({ name: "Small" })).id;
  const diskOfferingId = (await cim.getDiskOffering({ name: "Custom" })).id;
  const vm = new cim.Instance("vm", { zoneId, templateId, serviceOfferingId, timeouts: { create: "2m" } });
  const spare = new cim.Volume("spare", { zoneId, diskOfferingId, size: 5 });
  const peer = spare.instanceId.apply((v) => v ?? "none");
  const named = new cim.Volume("named", {
    zoneId,
    diskOfferingId,
    size: 5,
    name: peer.apply((p) => `after-${p}`),
    tags: { label: vm.displayName, hypervisor: vm.hypervisor },
  });
  return {
    peer,
    group: vm.group,
    label: vm.displayName,
    namedName: named.name,
    spareInstance: spare.instanceId,
    // only an input, which the program leaves out: absent, known at preview, and not kept in state
    passwordSsh: vm.allowPasswordSsh.apply((v) => (v === undefined ? "not given" : String(v))),
  };
};
