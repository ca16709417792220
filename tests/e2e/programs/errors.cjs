// One instance whose ids come from stack config (no lookups, so the provider meets the problem, not the
// program), for the suite of what users read when something is wrong (tests/e2e/errors.test.ts); `twin` adds a
// second instance with the same host name.
module.exports = (cim, pulumi) => {
  const c = new pulumi.Config();
  const vm = new cim.Instance("web", {
    zoneId: c.require("zoneId"),
    templateId: c.require("templateId"),
    serviceOfferingId: c.require("offeringId"),
    name: c.get("name"),
    displayName: c.get("displayName") ?? "web",
    timeouts: { create: c.get("timeout") ?? "2m", update: c.get("timeout") ?? "2m", delete: "2m" },
  });
  // a second instance the program adds by mistake, with the first one's host name
  if (c.getBoolean("twin")) {
    new cim.Instance("web-copy", {
      zoneId: c.require("zoneId"),
      templateId: c.require("templateId"),
      serviceOfferingId: c.require("offeringId"),
      name: c.get("name"),
      displayName: "web, copied",
    });
  }
  return { vmId: vm.id };
};
