// One instance registered with the resource options in stack config `options` (JSON: customTimeouts,
// replaceOnChanges, import, aliases, …), its displayName from `displayName`, its resource name from `resource`
// (default "vm") and its host name from `name` (default: the resource name). Used by the options test.
module.exports = async (cim, pulumi) => {
  const c = new pulumi.Config();
  const zoneId = (await cim.getZones())[0].id;
  const templateId = (await cim.getTemplate("Ubuntu 22.04 LTS")).id;
  const serviceOfferingId = (await cim.getComputeOffering("Small")).id;
  const vm = new cim.Instance(
    c.get("resource") ?? "vm",
    {
      name: c.get("name"),
      zoneId,
      templateId,
      serviceOfferingId,
      displayName: c.get("displayName") ?? "one",
      tags: { suite: "e2e" },
    },
    c.getObject("options") ?? {},
  );
  return { vmId: vm.id, displayName: vm.displayName, state: vm.state };
};
