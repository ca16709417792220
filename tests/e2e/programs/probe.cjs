// Toolchain proof: one dynamic resource with a custom type token. `probe:value` drives updates.
const { probeClass } = require("../../fixtures/probe.cjs");

module.exports = (_cim, pulumi) => {
  const { Probe } = probeClass(pulumi);
  const config = new pulumi.Config("probe");
  const probe = new Probe("probe", { value: config.require("value") });
  return { value: probe.value, revision: probe.revision, type: Probe.__pulumiType, urn: probe.urn };
};
