// The benchmark program: N resources of one kind, from the stack config key `bench:spec` (JSON):
//   {kind: "instance" | "probe", count, delayMs?, zoneId?, templateId?, serviceOfferingId?, prefix?, tags?}
// (prefix: of the instances' host names, which are unique per region; default "bench")
// Instances get their catalogue ids from the spec (looked up once by the bench), so the program itself makes
// no API call and the emulator's counters show only what the provider does. Probes (tests/fixtures/probe.cjs)
// stand for the engine floor: a no-op dynamic resource waiting delayMs in create, update and delete.
"use strict";

const { probeClass } = require("../tests/fixtures/probe.cjs");

module.exports = (cim, pulumi) => {
  const spec = JSON.parse(new pulumi.Config("bench").require("spec"));
  for (let i = 0; i < spec.count; i++) {
    const name = `b${String(i).padStart(4, "0")}`;
    if (spec.kind === "probe") {
      new (probeClass(pulumi))(name, { value: name, delayMs: spec.delayMs ?? 0 });
    } else {
      new cim.Instance(name, {
        zoneId: spec.zoneId,
        templateId: spec.templateId,
        serviceOfferingId: spec.serviceOfferingId,
        name: `${spec.prefix ?? "bench"}-${name}`,
        ...(spec.tags ? { tags: spec.tags } : {}),
      });
    }
  }
  return { count: spec.count, kind: spec.kind };
};
