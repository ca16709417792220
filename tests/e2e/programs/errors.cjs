// One instance whose ids come from stack config (no lookups, so the provider meets the problem, not the
// program), for the suite of what users read when something is wrong (tests/e2e/errors.test.ts).
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
  return { vmId: vm.id };
};
