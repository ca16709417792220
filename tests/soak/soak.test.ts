// The randomized soak (tests/soak/README.md). Short mode inside `npm test`: a fixed seed set, a few rounds each.
// Long mode (`npm run soak -- --rounds N --seed S`, scripts/cim.sh soak): CIM_SOAK_ROUNDS rounds of seed
// CIM_SOAK_SEED, or CIM_SOAK_ROUND alone; it ends with `soak: N rounds, seed S: P passed, F failed`.
import * as fs from "node:fs";
import { describe, expect, it } from "vitest";
import { type KindName, kinds } from "../../provider/kinds";
import { unsignedJwt } from "../fixtures/jwts";
import type { OpResult } from "../harness";
import { beyondBounds, roundBounds, unforeseen } from "./bounds";
import { type Change, changeTypeOf, evolve, programAt, programJson } from "./generator";
import type { Program, SoakCatalogue } from "./model";
import { Rng, roundSeed } from "./prng";
import { RECIPES } from "./recipes/index";
import { hygiene } from "./round";
import { FAULT_NAMES, replayCommand, runSoak } from "./soak";

const LONG = process.env.CIM_SOAK_ROUNDS !== undefined || process.env.CIM_SOAK_ROUND !== undefined;

/** The short mode's seeds and rounds: chosen to meet most kinds and faults in under two minutes. */
const SHORT = { seeds: [52, 38], rounds: 3 };

const FAKE_IDS: SoakCatalogue = {
  zoneId: "zone",
  templates: ["t1", "t2"],
  small: "small",
  medium: "medium",
  customDisk: "disk",
  vpcTier: "tier",
  vpcTierIlb: "ilb",
  isolated: "iso",
  vpcOffering: "vpco",
  backupOfferings: ["b1"],
  kubernetesVersionId: "k8s",
  osTypeId: "os",
  isos: ["iso1", "iso2"],
  isoDisk: "fixed",
};

describe("soak generator", () => {
  it("recipes vary only declared fields, and classify changes by the declarations", () => {
    for (const recipe of RECIPES) {
      expect(kinds[recipe.kind], recipe.kind).toBeDefined();
      for (const label of Object.keys(recipe.vary)) {
        if (Object.hasOwn(kinds[recipe.kind].fields, label)) continue;
        // a label that is no field sets in-place fields only (an ACL rule's "traffic")
        expect(["traffic"], `${recipe.kind}.${label}`).toContain(label);
      }
    }
    expect(changeTypeOf("Vpc", ["cidr"])).toBe("replace");
    expect(changeTypeOf("Vpc", ["displayText"])).toBe("in-place");
    expect(() => changeTypeOf("Vpc" as KindName, ["nope"])).toThrow(/no field nope/);
  });

  it("is a function of the seed: the same seed draws the same programs", () => {
    for (const seed of [1, 2, 3]) {
      const a = programJson(programAt(seed, 12, FAKE_IDS).program);
      const b = programJson(programAt(seed, 12, FAKE_IDS).program);
      expect(a).toBe(b);
      expect(programJson(programAt(seed + 100, 12, FAKE_IDS).program)).not.toBe(a);
    }
  });

  it("keeps every reference to a resource of the program, and covers every recipe over many rounds", () => {
    const seen = new Set<string>();
    const changeTypes = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) {
      for (let round = 0; round < 25; round++) {
        const { program, changes } = programAt(seed, round, FAKE_IDS);
        programJson(program); // throws on a dangling reference
        for (const r of program.resources) seen.add(r.kind);
        for (const c of changes) changeTypes.add(c.type);
      }
    }
    expect([...seen].sort()).toEqual(RECIPES.map((r) => r.kind).sort());
    expect([...changeTypes].sort()).toEqual(["add", "delete", "in-place", "replace"]);
  });

  it("boots instances from templates, ISOs and volume snapshots; an ISO instance never names a template", () => {
    const sources = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) {
      for (let round = 0; round < 25; round++) {
        for (const r of programAt(seed, round, FAKE_IDS).program.resources.filter(
          (x) => x.kind === "Instance",
        )) {
          const type = (r.inputs.imageType as string | undefined) ?? "template";
          sources.add(type);
          if (type === "iso") {
            expect(r.inputs).not.toHaveProperty("templateId");
            expect(r.inputs).toMatchObject({ diskOfferingId: "fixed" });
            expect(FAKE_IDS.isos).toContain(r.inputs.isoId);
          } else expect(FAKE_IDS.templates).toContain(r.inputs.templateId);
          if (type === "snapshot") expect(r.inputs.snapshotId).toMatchObject({ $ref: expect.any(String) });
        }
      }
    }
    expect([...sources].sort()).toEqual(["iso", "snapshot", "template"]);
  });

  it("never adds a load-balancer rule and a static NAT on one address in one round, even when it removes the other", () => {
    // The platform refuses a rule on an address with static NAT and static NAT on one with rules, and Pulumi
    // deletes what a round removes only after every create: the other kind may come a round later.
    const onIp = (
      program: { resources: { kind: string; inputs: Record<string, unknown> }[] },
      kind: string,
    ) =>
      new Set(
        program.resources
          .filter((r) => r.kind === kind)
          .map((r) => (r.inputs.publicIpId as { $ref?: string } | undefined)?.$ref),
      );
    let clashes = 0;
    let rules = 0;
    let nats = 0;
    for (let seed = 1; seed <= 40; seed++) {
      let before = programAt(seed, 0, FAKE_IDS).program;
      for (let round = 1; round < 30; round++) {
        const after = programAt(seed, round, FAKE_IDS).program;
        const [natBefore, natAfter] = [onIp(before, "StaticNat"), onIp(after, "StaticNat")];
        const [lbBefore, lbAfter] = [onIp(before, "LoadBalancerRule"), onIp(after, "LoadBalancerRule")];
        rules += lbAfter.size;
        nats += natAfter.size;
        for (const ip of lbAfter) if (natAfter.has(ip) || natBefore.has(ip)) clashes++;
        for (const ip of natAfter) if (lbBefore.has(ip)) clashes++;
        before = after;
      }
    }
    expect(rules).toBeGreaterThan(0);
    expect(nats).toBeGreaterThan(0);
    expect(clashes).toBe(0);
  });

  it("never adds an instance snapshot where a volume snapshot is, or the other way, counting what the round removes", () => {
    // The platform takes no instance snapshot of an instance whose volumes have snapshots, and Pulumi deletes what
    // a round removes only after every create (seed 13221, round 6).
    type R = { name: string; kind: string; inputs: Record<string, unknown> };
    const ref = (v: unknown) => (v as { $ref?: string } | undefined)?.$ref;
    /** The instances each kind of snapshot is on, in either program (a volume's as either program attaches it). */
    const snapshotted = (programs: { resources: R[] }[]) => {
      const all = programs.flatMap((p) => p.resources);
      const vms = (kind: string) =>
        new Set(
          all
            .filter((r) => r.kind === kind)
            .flatMap((r) =>
              kind === "InstanceSnapshot"
                ? [ref(r.inputs.instanceId)]
                : all.filter((v) => v.name === ref(r.inputs.volumeId)).map((v) => ref(v.inputs.instanceId)),
            ),
        );
      return { vm: vms("InstanceSnapshot"), volume: vms("VolumeSnapshot") };
    };
    let clashes = 0;
    let added = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const after: Program = { resources: [], serial: 1 };
      for (let round = 0; round < 30; round++) {
        const before = structuredClone(after);
        evolve(after, new Rng(roundSeed(seed, round)), FAKE_IDS, round);
        const had = new Set(before.resources.map((r) => r.name));
        const fresh = after.resources.filter(
          (r) => !had.has(r.name) && /^(Instance|Volume)Snapshot$/.test(r.kind),
        );
        added += fresh.length;
        if (fresh.length) {
          const { vm, volume } = snapshotted([before, after]);
          for (const x of vm) if (x !== undefined && volume.has(x)) clashes++;
        }
      }
    }
    expect(added).toBeGreaterThan(0);
    expect(clashes).toBe(0);
  });

  it("never adds what a resource the round removes still holds (an instance's schedule, an address's static NAT, a VPC's group, a rule's number)", () => {
    // Pulumi deletes what a round removes only after every create and update, so a value the platform gives one
    // record at a time cannot pass from a removed resource to an added one in the same round (findings 19, 20).
    type R = { name: string; kind: string; inputs: Record<string, unknown> };
    const at = (r: R, field: string) => {
      const v = r.inputs[field] as { $ref?: string } | number | undefined;
      return typeof v === "object" ? v?.$ref : v;
    };
    const held: [string, (r: R) => unknown][] = [
      ["BackupSchedule", (r) => at(r, "instanceId")],
      ["StaticNat", (r) => at(r, "publicIpId")],
      ["StaticNat", (r) => at(r, "instanceId")],
      ["MultiRegionGroupVpc", (r) => at(r, "vpcId")],
      ["MultiRegionGroupVpc", (r) => at(r, "groupId")],
      ["TemplatePermissions", (r) => at(r, "templateId")],
      ["Tags", (r) => at(r, "resourceId")],
      ["NetworkAclRule", (r) => `${at(r, "aclId")}#${at(r, "number")}`],
    ];
    let clashes = 0;
    let added = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const program: Program = { resources: [], serial: 1 };
      for (let round = 0; round < 80; round++) {
        const before = structuredClone(program.resources) as R[];
        evolve(program, new Rng(roundSeed(seed, round)), FAKE_IDS, round);
        const after = program.resources as R[];
        const [was, is] = [new Map(before.map((r) => [r.name, r])), new Set(after.map((r) => r.name))];
        for (const [kind, value] of held) {
          const removed = new Set(before.filter((r) => r.kind === kind && !is.has(r.name)).map(value));
          for (const r of after.filter((x) => x.kind === kind)) {
            const old = was.get(r.name);
            if (old && value(old) === value(r)) continue; // kept, and holding what it held
            added++;
            if (removed.has(value(r))) clashes++;
          }
        }
      }
    }
    expect(added).toBeGreaterThan(100);
    expect(clashes).toBe(0);
  });

  it("never draws a program the platform refuses for its snapshots: no instance with both kinds", () => {
    // createVMSnapshot refuses an instance whose attached volumes have snapshots; a replaced instance snapshot
    // is such a create, so no program may hold both on one instance at any round.
    const nameOf = (v: unknown) => (v as { $ref?: string } | undefined)?.$ref;
    let both = 0;
    let vmSnapshotted = 0;
    for (let seed = 1; seed <= 40; seed++) {
      for (let round = 0; round < 30; round++) {
        const { program } = programAt(seed, round, FAKE_IDS);
        const byName = new Map(program.resources.map((r) => [r.name, r]));
        const withVmSnapshots = new Set(
          program.resources
            .filter((r) => r.kind === "InstanceSnapshot")
            .map((r) => nameOf(r.inputs.instanceId)),
        );
        vmSnapshotted += withVmSnapshots.size;
        for (const s of program.resources.filter((r) => r.kind === "VolumeSnapshot")) {
          const vol = byName.get(nameOf(s.inputs.volumeId) ?? "");
          if (withVmSnapshots.has(nameOf(vol?.inputs.instanceId))) both++;
        }
      }
    }
    expect(vmSnapshotted).toBeGreaterThan(0);
    expect(both).toBe(0);
  });

  it("never attaches, detaches or resizes a volume of an instance with snapshots, nor scales one, counting both programs of a round", () => {
    // While an instance has snapshots the platform refuses each (VolumeApiServiceImpl, UserVmManagerImpl), and what
    // a round removes goes only after its creates and changes.
    const nameOf = (v: unknown) => (v as { $ref?: string } | undefined)?.$ref;
    let held = 0;
    let snapshotted = 0;
    let attached = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const after: Program = { resources: [], serial: 1 };
      for (let round = 0; round < 30; round++) {
        const before = structuredClone(after);
        evolve(after, new Rng(roundSeed(seed, round)), FAKE_IDS, round);
        const both = [...before.resources, ...after.resources];
        const vms = new Set(
          both.filter((r) => r.kind === "InstanceSnapshot").map((r) => nameOf(r.inputs.instanceId)),
        );
        const volumesOn = new Set(
          both.filter((r) => r.kind === "Volume").map((r) => nameOf(r.inputs.instanceId)),
        );
        snapshotted += vms.size;
        attached += volumesOn.size;
        for (const vm of vms) if (volumesOn.has(vm)) held++;
        for (const vm of after.resources.filter((r) => r.kind === "Instance" && vms.has(r.name))) {
          const was = before.resources.find((r) => r.name === vm.name);
          if (was && was.inputs.serviceOfferingId !== vm.inputs.serviceOfferingId) held++;
        }
      }
    }
    expect(snapshotted).toBeGreaterThan(0);
    expect(attached).toBeGreaterThan(0);
    expect(held).toBe(0);
  });
});

describe("soak invariants", () => {
  const result = (message: string): OpResult => ({
    id: 1,
    op: "up",
    ok: false,
    error: message,
    diagnostics: [],
    output: "",
    stderr: "",
    ms: 0,
  });
  const jwt = unsignedJwt({ sub: "user-1" });

  it("a message with a stack trace or a token is a problem; a plain one is not", () => {
    expect(hygiene(result('cim:Vpc "a": create failed: quota. Delete unused resources.'), jwt, "up")).toEqual(
      [],
    );
    const traced = "TypeError: x is undefined\n    at create (/work/provider/lifecycle/engine.ts:12:7)";
    expect(hygiene(result(traced), jwt, "up")).toEqual([expect.stringMatching(/stack trace/)]);
    expect(hygiene(result(`token ${jwt} refused`), jwt, "up")).toEqual([expect.stringMatching(/token/)]);
  });

  describe("what a round may replace and update", () => {
    const res = (name: string, kind: KindName, inputs: Record<string, unknown> = {}) => ({
      name,
      kind,
      inputs,
      meta: {},
    });
    const program: Program = {
      serial: 9,
      resources: [
        res("k", "SshKeyPair", { name: "key-1", publicKey: "ssh-ed25519 AAAA" }),
        res("v", "Vpc", { cidr: "10.1.0.0/16" }),
        res("n", "Network", { vpcId: { $ref: "v" } }),
        res("i", "Instance", { networkIds: [{ $ref: "n" }], sshKeyNames: [{ $ref: "k", out: "name" }] }),
        res("d", "Volume", { instanceId: { $ref: "i" } }),
        res("s", "BackupSchedule", { instanceId: { $ref: "i" } }),
        res("x", "Instance", { networkIds: [{ $ref: "n" }] }),
      ],
    };
    const change = (type: Change["type"], kind: KindName, name: string, fields?: string[]): Change => ({
      type,
      kind,
      name,
      fields,
    });

    const bounds = (changes: Change[], touched: string[] = []) => {
      const b = roundBounds(program, changes, touched);
      return { replace: [...b.replace].sort(), update: [...b.update].sort(), delete: [...b.delete] };
    };

    it("a key rotation replaces the key pair alone: its replacement keeps the name the instance reads", () => {
      expect(bounds([change("replace", "SshKeyPair", "k", ["publicKey"])])).toEqual({
        replace: ["k"],
        update: [],
        delete: [],
      });
    });

    it("a renamed key pair replaces the instance reading its name in a replace-forcing field, and on", () => {
      // the volume's instanceId is changed in place (a move to the new instance), the schedule's replaces
      expect(bounds([change("replace", "SshKeyPair", "k", ["name"])])).toEqual({
        replace: ["i", "k", "s"],
        update: ["d"],
        delete: [],
      });
    });

    it("a replaced VPC's new id runs down the replace-forcing fields, and updates what reads it in place", () => {
      expect(bounds([change("replace", "Vpc", "v", ["cidr"])])).toEqual({
        replace: ["i", "n", "s", "v", "x"],
        update: ["d"],
        delete: [],
      });
    });

    it("an in-place change updates its resource, and replaces only what goes with it (a backup schedule)", () => {
      expect(bounds([change("in-place", "Instance", "i", ["backupOfferingId"])])).toEqual({
        replace: ["s"],
        update: ["i"],
        delete: [],
      });
      expect(bounds([change("in-place", "Vpc", "v", ["displayText"])])).toEqual({
        replace: [],
        update: ["v"],
        delete: [],
      });
    });

    it("what was changed out of band may be updated back; an addition may be updated or replaced (a create cut short)", () => {
      expect(bounds([change("add", "Volume", "e")], ["x"])).toEqual({
        replace: ["e"],
        update: ["e", "x"],
        delete: [],
      });
    });

    it("names each step beyond the bounds, once, leaving providers out", () => {
      const urn = (type: string, name: string) => `urn:pulumi:s::p::${type}::${name}`;
      const step = (op: string, type: string, name: string) => ({ op, urn: urn(type, name), type });
      const steps = [
        step("replace", "cim:index:Instance", "i"),
        step("create-replacement", "cim:index:Instance", "i"),
        step("replace", "cim:index:SshKeyPair", "k"),
        step("update", "cim:index:Volume", "d"),
        step("update", "cim:index:Vpc", "v"),
        step("same", "cim:index:Network", "n"),
        step("replace", "pulumi:providers:cim", "p"),
        step("update", "pulumi:providers:cim", "p"),
        // deleted by the round, first as a dependent of a delete-first replacement
        step("delete-replaced", "cim:index:Instance", "x"),
        step("remove-pending-replace", "cim:index:Instance", "x"),
      ];
      const b = { replace: new Set(["k"]), update: new Set(["v"]), delete: new Set(["x"]) };
      expect(beyondBounds(steps, b)).toEqual([
        "cim:index:Instance i (replace)",
        "cim:index:Instance i (create-replacement)",
        "cim:index:Volume d (update)",
      ]);
      expect(beyondBounds(steps, b, { updates: false })).toEqual([
        "cim:index:Instance i (replace)",
        "cim:index:Instance i (create-replacement)",
      ]);
    });

    it("names each step of an up its preview did not show; an addition cut short may come back as an update", () => {
      const urn = (name: string) => `urn:pulumi:s::p::cim:index:Instance::${name}`;
      const step = (op: string, name: string) => ({ op, urn: urn(name), type: "cim:index:Instance" });
      const previewed = [
        step("update", "a"),
        step("create", "b"),
        step("replace", "c"),
        step("same", "d"),
        step("delete", "g"),
      ];
      const ups = [
        step("update", "a"),
        step("update", "b"),
        step("replace", "b"),
        step("create-replacement", "c"),
        step("delete-replaced", "c"),
        step("replace", "a"),
        step("update", "d"),
        step("create", "e"),
        step("same", "f"),
        step("delete-replaced", "g"),
      ];
      expect(unforeseen(previewed, ups)).toEqual([
        "cim:index:Instance a (replace; the preview: update)",
        "cim:index:Instance d (update; the preview: same)",
        "cim:index:Instance e (create; the preview: nothing)",
      ]);
    });
  });
});

describe.skipIf(LONG)("soak, short mode", () => {
  for (const seed of SHORT.seeds) {
    it(`seed ${seed}: ${SHORT.rounds} rounds`, { timeout: 240_000 }, async () => {
      const r = await runSoak({ seed, rounds: SHORT.rounds, only: process.env.CIM_SOAK_FAULT || undefined });
      expect(
        r.failed.map(
          (f) => `round ${f.round} (replay: ${replayCommand(seed, f.round)}): ${f.problems.join("\n")}`,
        ),
      ).toEqual([]);
    });
  }
});

describe.skipIf(!LONG)("soak, long mode", () => {
  it("rounds", { timeout: 24 * 3600_000 }, async () => {
    const seed = Number(process.env.CIM_SOAK_SEED ?? 1);
    const round = process.env.CIM_SOAK_ROUND !== undefined ? Number(process.env.CIM_SOAK_ROUND) : undefined;
    const rounds = round !== undefined ? 1 : Number(process.env.CIM_SOAK_ROUNDS);
    const t0 = Date.now();
    const native = process.env.CIM_SOAK_NATIVE === "1";
    const providers = Number(process.env.CIM_SOAK_PROVIDERS || 1);
    const only = process.env.CIM_SOAK_FAULT || undefined;
    const r = await runSoak({ seed, rounds, round, only, native, providers });
    const secs = (Date.now() - t0) / 1000;
    console.log(
      `soak: kinds covered ${r.kinds.size} (${[...r.kinds].sort().join(", ")}); faults covered ${r.faults.size} (${[...r.faults].join("; ")}); ${(secs / r.reports.length).toFixed(1)} s a round`,
    );
    const where = native ? `, on the plugin${providers > 1 ? ` with ${providers} providers` : ""}` : "";
    const line = `soak: ${rounds} rounds, seed ${seed}${where}: ${r.passed} passed, ${r.failed.length} failed`;
    const kindsLine = `soak: kinds covered ${r.kinds.size}/${RECIPES.length}; faults covered ${r.faults.size}/${FAULT_NAMES.length}`;
    console.log(line);
    // scripts/cim.sh prints it again after vitest's own summary, as the run's last line
    if (process.env.CIM_SOAK_SUMMARY)
      fs.writeFileSync(process.env.CIM_SOAK_SUMMARY, `${kindsLine}\n${line}\n`);
    expect(r.failed.map((f) => f.round)).toEqual([]);
  });
});
