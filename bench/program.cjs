// The benchmark program: N resources of one kind, from the stack config key `bench:spec` (JSON):
//   {kind: "instance" | "probe", count, delayMs?, zoneId?, templateId?, serviceOfferingId?, prefix?, tags?,
//    volumes?, diskOfferingId?, changed?, changedTag?, padding?, volumePadding?}
// (prefix: of the instances' host names, which are unique per region; default "bench")
// `volumes`: that many cim.Volume besides (instances), or more probes (probes: count + volumes in all);
// `changed`: the first `changed` instances get `changedTag` for their tags, the first `changed` probes another
// value: an update of that many resources.
// Instances get their catalogue ids from the spec (looked up once by the bench), so the program itself makes
// no API call and the emulator's counters show only what the provider does. Probes (tests/fixtures/probe.cjs)
// stand for the engine floor: a no-op dynamic resource waiting delayMs in create, update and delete; with
// `padding` ({outputs, chars, providerChars}) they also keep as many outputs in state as an instance does,
// with a serialized provider as long as its (the last `volumes` of them `volumePadding`, when given: as a
// volume does).
"use strict";

// The Probe module: the bench's installed copy (CIM_BENCH_PROBE, bench/lib/install.mjs) or the fixture itself.
const { probeClass } = require(
  require.resolve(process.env.CIM_BENCH_PROBE ?? "../tests/fixtures/probe.cjs", {
    paths: [process.cwd(), __dirname],
  }),
);

module.exports = (cim, pulumi) => {
  const spec = JSON.parse(new pulumi.Config("bench").require("spec"));
  const volumes = spec.volumes ?? 0;
  const changed = spec.changed ?? 0;
  const pad = (i) => String(i).padStart(4, "0");
  if (spec.kind === "probe") {
    // padded to a pulumi-cim resource's state, with its provider text: registered as pulumi-cim's classes are
    const { Probe, ShortProbe } = probeClass(pulumi);
    for (let i = 0; i < spec.count + volumes; i++) {
      const name = `b${pad(i)}`;
      const value = i < changed ? `${name}-changed` : name;
      const padding = (i >= spec.count && spec.volumePadding) || spec.padding;
      const Class = padding?.providerChars !== undefined ? ShortProbe : Probe;
      new Class(name, { value, delayMs: spec.delayMs ?? 0, ...(padding ? { padding } : {}) });
    }
    return { count: spec.count + volumes, kind: spec.kind };
  }
  for (let i = 0; i < spec.count; i++) {
    const name = `b${pad(i)}`;
    const tags = i < changed ? spec.changedTag : spec.tags;
    new cim.Instance(name, {
      zoneId: spec.zoneId,
      templateId: spec.templateId,
      serviceOfferingId: spec.serviceOfferingId,
      name: `${spec.prefix ?? "bench"}-${name}`,
      ...(tags ? { tags } : {}),
    });
  }
  for (let i = 0; i < volumes; i++) {
    new cim.Volume(`v${pad(i)}`, {
      name: `${spec.prefix ?? "bench"}-v${pad(i)}`,
      zoneId: spec.zoneId,
      diskOfferingId: spec.diskOfferingId,
    });
  }
  return { count: spec.count + volumes, kind: spec.kind };
};
