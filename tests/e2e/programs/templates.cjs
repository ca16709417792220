// A template registered from a URL, its permissions, and an instance deployed from it through the template's id
// output: used by tests/e2e/templates.test.ts.
module.exports = async (cim) => {
  const zone = await cim.getZone("de-fra-1a");
  const small = await cim.getComputeOffering({ name: "Small", zoneId: zone.id });
  const os = await cim.getOsType("Ubuntu 22.04 (64-bit)");
  const golden = new cim.Template("golden", {
    url: "https://images.example.com/golden.qcow2",
    zoneId: zone.id,
    format: "QCOW2",
    hypervisor: "KVM",
    osTypeId: os.id,
  });
  const shared = new cim.TemplatePermissions("golden-shared", { templateId: golden.id, isExtractable: true });
  const vm = new cim.Instance("web", { zoneId: zone.id, templateId: golden.id, serviceOfferingId: small.id });
  return {
    templateId: golden.id,
    templateState: golden.state,
    extractable: shared.isExtractable,
    vmId: vm.id,
    // what the platform says the instance booted from: not kept in state, read with the instance lookup
    vmTemplate: vm.id.apply(async (id) => (await cim.getInstance({ id })).templateName),
  };
};
