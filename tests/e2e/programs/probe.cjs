// Toolchain proof: one dynamic resource with a custom type token. `probe:value` drives updates.
module.exports = (cim, pulumi) => {
  const config = new pulumi.Config("probe");
  const probe = new cim.Probe("probe", { value: config.require("value") });
  return { value: probe.value, revision: probe.revision, type: cim.Probe.__pulumiType, urn: probe.urn };
};
