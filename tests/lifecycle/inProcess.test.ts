// The lifecycle engine (provider/lifecycle/engine.ts) called in-process against the emulator, across kinds: busy
// then settled, outputs state keeps as a null at their default, converge after create. Each kind's own row and
// behaviour is in tests/kinds/<family>.test.ts; the shared setup in tests/kinds/world.ts.
import { describe, expect, it } from "vitest";
import { type Kind, kinds } from "../../provider/kinds";
import { defineKind, stateDefaults } from "../../provider/kinds/define";
import { aboutResource } from "../../provider/lifecycle/engineLog";
import { compactOutputs, fullOutputs } from "../../provider/lifecycle/fields";
import { instanceInputs, volumeInputs, vpcInputs } from "../kinds/parts";
import {
  call,
  cat,
  change,
  ctl,
  describeOutputsParsed,
  make,
  nameOf,
  newProcess,
  p,
  type Rec,
  shown,
  useEmulator,
} from "../kinds/world";

useEmulator();

describe("busy, then settled", () => {
  it("an instance update waits out a running stop, then converges", async () => {
    const { id, outs } = await make("Instance", instanceInputs());
    await ctl.jobTiming({ latencyMs: 400 });
    await call("POST", `/compute/instances/${id}/stop`);
    expect((await call("GET", `/compute/instances/${id}`)).state).toBe("Stopping");
    const upd = await change("Instance", id, outs, {
      ...instanceInputs(),
      name: outs.name,
      displayName: "after stop",
      powerState: "running",
    });
    const { outs: after } = await upd.run();
    expect(shown(after)).toMatchObject({
      displayName: "after stop",
      powerState: "running",
      state: "Running",
    });
    await ctl.jobTiming({ latencyMs: 0 });
    await p("Instance").delete!(id, after);
  });

  it("a volume resize waits while another resize runs", async () => {
    const inputs = volumeInputs() as Rec;
    const { id, outs } = await make("Volume", inputs);
    await ctl.jobTiming({ latencyMs: 400 });
    await call("POST", `/volumes/${id}/resize`, { size: 15 });
    const upd = await change("Volume", id, outs, { ...inputs, size: 30 });
    const { outs: after } = await upd.run();
    expect(after.size).toBe(30);
    await ctl.jobTiming({ latencyMs: 0 });
    await p("Volume").delete!(id, after);
  });

  it("a delete of a resource already being deleted waits for it to go", async () => {
    const { id, outs } = await make("Vpc", { ...(vpcInputs() as Rec) });
    await ctl.jobTiming({ latencyMs: 300 });
    await call("DELETE", `/vpcs/${id}`);
    await p("Vpc").delete!(id, outs);
    await expect(call("GET", `/vpcs/${id}`)).rejects.toThrow(/404/);
  });
});

describe("outputs state keeps as a null at their default", () => {
  it("an instance keeps only outputs off their default; diff and update read the rest back, drift included", async () => {
    const inputs = instanceInputs();
    const { id, outs } = await make("Instance", inputs);
    const defaulted = [
      "haEnabled",
      "deleteProtection",
      "imageType",
      "powerState",
      "displayName",
      "hypervisor",
    ];
    for (const k of defaulted) expect(outs, k).toHaveProperty(k, null);
    expect(shown(outs)).toMatchObject({
      haEnabled: false,
      deleteProtection: false,
      imageType: "template",
      powerState: "running",
      displayName: inputs.name,
      hypervisor: "KVM",
    });
    // refresh reads the same (and leaves the engine's inputs as they are), and the same program has nothing to do
    const same = await p("Instance").read!(id, outs);
    expect(same.props).toEqual(outs);
    expect(same.inputs).toBeUndefined();
    expect((await change("Instance", id, outs, inputs)).diff.changes).toBe(false);

    // changed behind the program's back: refresh keeps what is off its default, and the next up puts back
    // what the program has an opinion on (HA off by default), not what it leaves to the platform (the label)
    await call("PUT", `/compute/instances/${id}?displayName=console%20label&haEnabled=true`);
    const read = await p("Instance").read!(id, outs);
    const drifted = read.props as Rec;
    expect(drifted).toMatchObject({ haEnabled: true, displayName: "console label" });
    // the inputs the live values stand for: the program's, and HA, whose absence means off; not the label,
    // which the program leaves to the platform
    const { __provider: _, ...given } = inputs as Rec;
    expect(read.inputs).toEqual({ ...given, haEnabled: true });
    const back = await change("Instance", id, drifted, inputs);
    expect(back.diff).toMatchObject({ changes: true, replaces: [] });
    const after = (await back.run()).outs as Rec;
    expect(after).toHaveProperty("haEnabled", null);
    expect(after.displayName).toBe("console label");
    expect((await call("GET", `/compute/instances/${id}`)).haEnabled).toBe(false);

    // a value the program asks for that is off the default is kept; back to the default, a null again
    const stopped = await change("Instance", id, after, { ...inputs, powerState: "stopped" });
    const off = (await stopped.run()).outs as Rec;
    expect(off.powerState).toBe("stopped");
    const started = await change("Instance", id, off, inputs);
    expect(started.diff.changes).toBe(true);
    expect((await started.run()).outs).toHaveProperty("powerState", null);
    await p("Instance").delete!(id, off);
  });

  it("every kind's defaults read back what they left out, and a default may only stand for an output without one", () => {
    for (const kind of Object.values(kinds) as Kind[]) {
      const defaults = stateDefaults(kind);
      if (!defaults.length) continue;
      // every output at its default: state keeps none of them, and reads each back
      const outs: Rec = { other: 1 };
      for (const [, d] of defaults) if ("sameAs" in d) outs[d.sameAs] = `${d.sameAs}-value`;
      for (const [k, d] of defaults) outs[k] = "sameAs" in d ? outs[d.sameAs] : d.value;
      const kept = compactOutputs(kind, outs);
      for (const [k] of defaults) expect(kept[k], `${kind.name}.${k}`).toBeNull();
      expect(kept.other).toBe(1);
      expect(fullOutputs(kind, kept), kind.name).toEqual(outs);
      // one off its default: kept as it is
      for (const [k] of defaults) {
        const off = { ...outs, [k]: "off the default" };
        expect(compactOutputs(kind, off)[k], `${kind.name}.${k}`).toBe("off the default");
        expect(fullOutputs(kind, compactOutputs(kind, off)), `${kind.name}.${k}`).toEqual(off);
      }
    }
    expect(() =>
      defineKind({
        ...kinds.Instance,
        fields: {
          ...kinds.Instance.fields,
          name: { ...kinds.Instance.fields.name, stateDefault: { value: "x" } },
        },
      } as never),
    ).toThrow(
      /displayName defaults to name, which must be a field always in outputs without a default of its own/,
    );
  });
});

describe("converge after create", () => {
  it("an instance created stopped with HA and delete protection is verified as asked", async () => {
    const inputs = { ...instanceInputs(), powerState: "stopped", haEnabled: true, deleteProtection: true };
    const { id, outs } = await make("Instance", inputs);
    const live = await call("GET", `/compute/instances/${id}`);
    expect(live).toMatchObject({ state: "Stopped", haEnabled: true, deleteProtection: true });
    expect(outs).toMatchObject({ powerState: "stopped", haEnabled: true, deleteProtection: true });
    // delete protection refuses the delete, naming the way out; nothing is deleted
    await expect(p("Instance").delete!(id, outs)).rejects.toThrow(
      /deleteProtection is on, so the API refuses to delete it\. Set deleteProtection: false on it in the program \(put it back if it was removed\) and run pulumi up --target '<its URN: pulumi stack --show-urns>' \(--target changes this instance alone, so nothing a destroy under way has deleted comes back\), then delete again/,
    );
    // on the plugin the engine names the resource: the way out targets it by its URN
    const urn = "urn:pulumi:dev::app::cim:index:Instance::web";
    await expect(aboutResource(urn, () => p("Instance").delete!(id, outs))).rejects.toThrow(
      `run pulumi up --target '${urn}' (--target changes this instance alone`,
    );
    const off = await change("Instance", id, outs, { ...inputs, deleteProtection: false });
    const { outs: unprotected } = await off.run();
    // turned on again outside Pulumi: the stack records it off, so the way out starts with a refresh
    await call("PUT", `/compute/instances/${id}?deleteProtection=true`);
    await expect(p("Instance").delete!(id, unprotected)).rejects.toThrow(
      /It was turned on outside Pulumi, and the stack records it off: with it in the program \(put it back if it was removed\) and deleteProtection: false, run pulumi up --refresh --target '<its URN: pulumi stack --show-urns>'/,
    );
    await call("PUT", `/compute/instances/${id}?deleteProtection=false`);
    await p("Instance").delete!(id, unprotected);
  });

  it("a volume attaches to an instance, and delete detaches first", async () => {
    const vm = await make("Instance", instanceInputs());
    const inputs = { ...(volumeInputs() as Rec), instanceId: vm.id };
    const { id, outs } = await make("Volume", inputs);
    expect(outs.instanceId).toBe(vm.id);
    expect((await call("GET", `/volumes/${id}`)).virtualMachineId).toBe(vm.id);
    await p("Volume").delete!(id, outs);
    await p("Instance").delete!(vm.id, vm.outs);
  });

  it("a VPC tier network, a backup schedule and generic tags", async () => {
    const vpc = await make("Vpc", vpcInputs() as Rec);
    const tier = await make("Network", {
      name: nameOf("tier"),
      zoneId: cat.zone,
      networkOfferingId: cat.tier,
      vpcId: vpc.id,
      gateway: `${vpc.outs.cidr.split(".").slice(0, 2).join(".")}.1.1`,
      netmask: "255.255.255.0",
    });
    expect(tier.outs).toMatchObject({
      vpcId: vpc.id,
      cidr: `${vpc.outs.cidr.split(".").slice(0, 2).join(".")}.1.0/24`,
    });

    const vm = await make("Instance", { ...instanceInputs(), backupOfferingId: cat.backupOffering });
    const sched = await make("BackupSchedule", {
      instanceId: vm.id,
      intervalType: "daily",
      schedule: "30:02",
    });
    expect(sched.outs).toMatchObject({ instanceId: vm.id, intervalType: "DAILY", schedule: "30:02" });
    const moved = await change("BackupSchedule", sched.id, sched.outs, {
      instanceId: vm.id,
      intervalType: "WEEKLY",
      schedule: "00:03:1",
    });
    expect(moved.diff).toMatchObject({ changes: true, replaces: [] });
    expect((await moved.run()).outs).toMatchObject({ intervalType: "WEEKLY", schedule: "00:03:1" });
    expect((await p("BackupSchedule").read!(sched.id, sched.outs)).props).toMatchObject({
      intervalType: "WEEKLY",
    });

    const template = cat.template;
    await call("POST", "/tags", {
      resourceType: "Template",
      resourceIds: [template],
      tags: [{ key: "other", value: "kept" }],
    }).catch(() => undefined);
    const tags = await make("Tags", {
      resourceType: "Template",
      resourceId: template,
      tags: { owner: "team-a" },
    });
    expect(tags.outs.tags).toEqual({ owner: "team-a" });
    expect((await p("Tags").read!(tags.id, tags.outs)).props).toEqual(tags.outs);
    newProcess(); // the next up: its checks know nothing of the first one's claims
    const retagged = await change("Tags", tags.id, tags.outs, {
      resourceType: "Template",
      resourceId: template,
      tags: { owner: "team-b" },
    });
    expect(retagged.diff).toMatchObject({ changes: true, replaces: [] });
    expect((await retagged.run()).outs.tags).toEqual({ owner: "team-b" });
    await p("Tags").delete!(tags.id, tags.outs);

    await p("BackupSchedule").delete!(sched.id, sched.outs);
    await p("BackupSchedule").delete!(sched.id, sched.outs); // already gone
    await p("Instance").delete!(vm.id, vm.outs);
    await p("Network").delete!(tier.id, tier.outs);
    await p("Vpc").delete!(vpc.id, vpc.outs);
  });
});

describeOutputsParsed("engine", []);
