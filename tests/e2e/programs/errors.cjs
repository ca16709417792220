// One instance whose ids come from stack config (no lookups, so the provider meets the problem, not the
// program), for the suite of what users read when something is wrong (tests/e2e/errors.test.ts); `twin` adds a
// second instance with the same host name; `tagged` a cim.Tags on the instance, whose own tags are authoritative;
// `tagsTwice` two cim.Tags managing one key of the template.
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
  // tags the program would manage twice
  if (c.getBoolean("tagged")) {
    new cim.Tags("owner", { resourceType: "Instance", resourceId: vm.id, tags: { owner: "team-a" } });
  }
  if (c.getBoolean("tagsTwice")) {
    const on = { resourceType: "Template", resourceId: c.require("templateId") };
    new cim.Tags("approval", { ...on, tags: { approved: "2026-11" } });
    new cim.Tags("audit", { ...on, tags: { approved: "pending", audited: "yes" } });
  }
  return { vmId: vm.id };
};
