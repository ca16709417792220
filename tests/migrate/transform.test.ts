// The migration's transform on a checkpoint built in the test (tests/migrate/checkpoint.ts): types and URNs
// renamed with every reference to them, `__provider` gone, one default provider added, the host's provider
// dropped, nothing of the stack's config written; a second pass does nothing; refusals leave nothing half done.
import { describe, expect, it } from "vitest";
import { defaultProviderName, renameTypes, type StateResource } from "../../provider/migrate/state";
import { MigrationRefused, toDynamic, toNative } from "../../provider/migrate/transform";
import {
  CONFIG_CIPHERTEXT,
  CONFIG_TEXT,
  dynamicCheckpoint,
  GROUP_URN,
  KEY_URN,
  NODEJS_REF,
  NODEJS_URN,
  orderProblems,
  PET_URN,
  PROVIDER_TEXT,
  STACK_URN,
  TIER_URN,
  urn,
  VPC_URN,
} from "./checkpoint";

const N = "cim:index:";
const PROVIDER_ID = "5d1c7a6e-0000-4000-8000-00000000cafe";
const CIM_PROVIDER = urn("pulumi:providers:cim", "default_0_1_0");
const CIM_REF = `${CIM_PROVIDER}::${PROVIDER_ID}`;
const native = (exported = dynamicCheckpoint()) =>
  toNative(exported, { version: "0.1.0", newId: () => PROVIDER_ID });
const byUrn = (rs: StateResource[] | undefined, u: string) => {
  const found = (rs ?? []).filter((r) => r.urn === u);
  expect(found, u).toHaveLength(1);
  return found[0];
};

const NEW_KEY = urn(`shop:app:Group$${N}SshKeyPair`, "ops");
const NEW_VPC = urn(`shop:app:Group$${N}Vpc`, "main");
const NEW_TIER = urn(`shop:app:Group$${N}Vpc$${N}Network`, "tier");
const NEW_PET = urn(`shop:app:Group$${N}Vpc$${N}Network$random:index/randomPet:RandomPet`, "pet");

describe("migrate --to native: the transform", () => {
  it("renames types and URNs, children included, and every reference to them", () => {
    const plan = native();
    const rs = plan.deployment.deployment.resources;
    expect(JSON.stringify(plan.deployment)).not.toContain("pulumi-nodejs:dynamic/cim:");

    const key = byUrn(rs, NEW_KEY);
    const vpc = byUrn(rs, NEW_VPC);
    const tier = byUrn(rs, NEW_TIER);
    const pet = byUrn(rs, NEW_PET);
    expect([key.type, vpc.type, tier.type]).toEqual([`${N}SshKeyPair`, `${N}Vpc`, `${N}Network`]);
    expect([key.id, vpc.id, tier.id]).toEqual(["key-1", "vpc-1", "net-1"]);
    expect(key.parent).toBe(GROUP_URN);
    expect(vpc.dependencies).toEqual([NEW_KEY]);
    expect(vpc.aliases).toEqual([urn(`${N}Vpc`, "main")]);
    expect(tier.parent).toBe(NEW_VPC);
    expect(tier.dependencies).toEqual([NEW_VPC]);
    expect(tier.deletedWith).toBe(NEW_VPC);
    expect(tier.propertyDependencies?.vpcId).toEqual([NEW_VPC]);
    // another package's resource under the tier: renamed, its references followed, its own provider kept
    expect(pet.type).toBe("random:index/randomPet:RandomPet");
    expect(pet.parent).toBe(NEW_TIER);
    expect(pet.dependencies).toEqual([NEW_TIER]);
    expect(pet.propertyDependencies).toEqual({ prefix: [NEW_TIER] });
    expect(pet.provider).toBe(`${urn("pulumi:providers:random", "default_4_16_0")}::rnd-provider`);
    // a resource reference in the stack's outputs
    expect(byUrn(rs, STACK_URN).outputs).toMatchObject({ vpc: { urn: NEW_VPC } });

    expect(plan.moved.map((m) => [m.name, m.fromType, m.toType])).toEqual([
      ["ops", "pulumi-nodejs:dynamic/cim:SshKeyPair", `${N}SshKeyPair`],
      ["main", "pulumi-nodejs:dynamic/cim:Vpc", `${N}Vpc`],
      ["tier", "pulumi-nodejs:dynamic/cim:Network", `${N}Network`],
    ]);
    expect(plan.renamed).toEqual([{ from: PET_URN, to: NEW_PET }]);
    expect(orderProblems(plan.deployment)).toEqual([]);
  });

  it("drops __provider from inputs, outputs and property dependencies, and __given from outputs, and keeps every other value", () => {
    const before = dynamicCheckpoint().deployment.resources!;
    const after = native().deployment.deployment.resources!;
    for (const [old, now] of [
      [KEY_URN, NEW_KEY],
      [VPC_URN, NEW_VPC],
      [TIER_URN, NEW_TIER],
    ]) {
      const o = byUrn(before, old);
      const r = byUrn(after, now);
      expect(r.inputs).not.toHaveProperty("__provider");
      expect(r.outputs).not.toHaveProperty("__provider");
      expect(r.propertyDependencies).not.toHaveProperty("__provider");
      // the plugin reads which optional inputs were given from the inputs (provider/native/adapter.ts)
      expect(o.outputs).toHaveProperty("__given");
      expect(r.outputs).not.toHaveProperty("__given");
      const { __provider: _i, ...inputs } = o.inputs!;
      const { __provider: _o, __given: _g, ...outputs } = o.outputs!;
      expect(r.inputs).toEqual(inputs);
      expect(r.outputs).toEqual(outputs);
    }
  });

  it("adds one default cim provider, named as the engine names it, with no configuration, before its first user", () => {
    const plan = native();
    const rs = plan.deployment.deployment.resources!;
    const providers = rs.filter((r) => r.type === "pulumi:providers:cim");
    expect(providers).toEqual([
      {
        urn: CIM_PROVIDER,
        custom: true,
        id: PROVIDER_ID,
        type: "pulumi:providers:cim",
        inputs: { version: "0.1.0" },
        outputs: { version: "0.1.0" },
      },
    ]);
    for (const u of [NEW_KEY, NEW_VPC, NEW_TIER]) expect(byUrn(rs, u).provider).toBe(CIM_REF);
    expect(rs.findIndex((r) => r.urn === CIM_PROVIDER)).toBeLessThan(rs.findIndex((r) => r.urn === NEW_KEY));
    expect(plan.provider).toEqual({ urn: CIM_PROVIDER, added: true });
  });

  it("removes the dynamic host's provider once nothing uses it, and with it every config value it held", () => {
    const plan = native();
    const text = JSON.stringify(plan.deployment);
    expect(text).not.toContain(NODEJS_URN);
    expect(text).not.toContain(CONFIG_TEXT);
    expect(text).not.toContain(CONFIG_CIPHERTEXT);
    expect(text).not.toContain("cim:token");
    expect(plan.providersRemoved).toEqual([NODEJS_URN]);
    // the rest of the checkpoint is kept
    expect(plan.deployment.deployment.secrets_providers).toEqual(
      dynamicCheckpoint().deployment.secrets_providers,
    );
    expect(plan.deployment.deployment.resources).toHaveLength(
      dynamicCheckpoint().deployment.resources!.length,
    );
  });

  it("does nothing on a second pass: the stack is already native", () => {
    const once = native().deployment;
    const twice = native(once);
    expect(twice.nothing).toMatch(/3 pulumi-cim resource\(s\) are already on the native path; nothing to do/);
    expect(twice.deployment).toBe(once);
    expect(twice.moved).toEqual([]);
    const empty = native({ version: 3, deployment: {} });
    expect(empty.nothing).toMatch(/no pulumi-cim resources; nothing to do/);
  });

  it("keeps the host's provider while another dynamic resource uses it", () => {
    const exported = dynamicCheckpoint();
    const other = urn("pulumi-nodejs:dynamic:Resource", "hook");
    exported.deployment.resources!.push({
      urn: other,
      custom: true,
      id: "h",
      type: "pulumi-nodejs:dynamic:Resource",
      provider: NODEJS_REF,
    });
    const plan = native(exported);
    expect(plan.providersRemoved).toEqual([]);
    expect(plan.providersKept).toEqual([{ urn: NODEJS_URN, users: [other] }]);
    expect(byUrn(plan.deployment.deployment.resources, other).provider).toBe(NODEJS_REF);
    expect(byUrn(plan.deployment.deployment.resources, NEW_VPC).provider).toBe(CIM_REF);
    expect(orderProblems(plan.deployment)).toEqual([]);
  });

  it("refuses while a pulumi-cim resource has a pending operation, and names it", () => {
    const exported = dynamicCheckpoint();
    const vpc = exported.deployment.resources!.find((r) => r.urn === VPC_URN)!;
    exported.deployment.pending_operations = [{ resource: vpc, type: "updating" }];
    expect(() => native(exported)).toThrow(MigrationRefused);
    expect(() => native(exported)).toThrow(
      /1 pending operation\(s\) on pulumi-cim resources[\s\S]*updating pulumi-nodejs:dynamic\/cim:Vpc "main"[\s\S]*pulumi refresh/,
    );
  });

  it("follows a renamed URN into another package's pending operation, which it leaves pending", () => {
    const exported = dynamicCheckpoint();
    const pet = exported.deployment.resources!.find((r) => r.urn === PET_URN)!;
    exported.deployment.pending_operations = [{ resource: pet, type: "creating" }];
    const ops = native(exported).deployment.deployment.pending_operations!;
    expect(ops).toHaveLength(1);
    expect(ops[0].type).toBe("creating");
    expect(ops[0].resource.urn).toBe(NEW_PET);
    expect(ops[0].resource.parent).toBe(NEW_TIER);
  });

  it("refuses a resource whose new URN another resource already has", () => {
    const exported = dynamicCheckpoint();
    exported.deployment.resources!.push({ urn: NEW_KEY, custom: true, id: "key-2", type: `${N}SshKeyPair` });
    expect(() => native(exported)).toThrow(
      /already has resource\(s\) with the URN\(s\)[\s\S]*SshKeyPair::ops/,
    );
  });

  it("refuses a dynamic resource that Pulumi's dynamic-provider host does not serve", () => {
    const exported = dynamicCheckpoint();
    exported.deployment.resources!.find((r) => r.urn === KEY_URN)!.provider = undefined;
    expect(() => native(exported)).toThrow(/SshKeyPair "ops": its provider is missing/);
  });

  it("moves what is left of a half-migrated stack onto the default provider already there", () => {
    const exported = native().deployment;
    const extra = dynamicCheckpoint().deployment.resources!.find((r) => r.urn === KEY_URN)!;
    const moved = {
      ...extra,
      urn: urn(`${"pulumi-nodejs:dynamic/cim:"}SshKeyPair`, "late"),
      parent: STACK_URN,
    };
    exported.deployment.resources = [
      ...exported.deployment.resources!.filter((r) => r.type !== "pulumi:providers:cim"),
      ...exported.deployment.resources!.filter((r) => r.type === "pulumi:providers:cim"),
    ];
    // the host's provider comes back for the late resource, listed first
    const host = dynamicCheckpoint().deployment.resources!.find((r) => r.urn === NODEJS_URN)!;
    exported.deployment.resources.splice(1, 0, host);
    exported.deployment.resources.push(moved);
    const plan = native(exported);
    expect(plan.provider).toEqual({ urn: CIM_PROVIDER, added: false });
    expect(plan.alreadyThere).toBe(3);
    const rs = plan.deployment.deployment.resources!;
    expect(rs.filter((r) => r.type === "pulumi:providers:cim")).toHaveLength(1);
    expect(byUrn(rs, urn(`${N}SshKeyPair`, "late")).provider).toBe(CIM_REF);
    // the provider was after its users: it moves before the first one
    expect(orderProblems(plan.deployment)).toEqual([]);
  });

  it("refuses a checkpoint that is not deployment version 3", () => {
    expect(() => native({ version: 2, deployment: {} } as never)).toThrow(/deployment version 2/);
  });
});

describe("migrate --to dynamic: the way back", () => {
  it("gives back the dynamic checkpoint: same types, URNs, inputs and outputs, with the serialized provider and the given inputs", () => {
    const there = native().deployment;
    const back = toDynamic(there, { providerText: PROVIDER_TEXT, newId: () => "host-id" });
    const original = dynamicCheckpoint().deployment.resources!;
    const rs = back.deployment.deployment.resources!;
    for (const o of original.filter(
      (r) => r.type.startsWith("pulumi-nodejs:dynamic/cim:") || r.urn === PET_URN,
    )) {
      const r = byUrn(rs, o.urn);
      const { provider: _a, ...was } = o;
      const { provider: _b, ...now } = r;
      expect(now).toEqual(was);
    }
    const host = urn("pulumi:providers:pulumi-nodejs", "default");
    for (const u of [KEY_URN, VPC_URN, TIER_URN]) expect(byUrn(rs, u).provider).toBe(`${host}::host-id`);
    expect(JSON.stringify(back.deployment)).not.toContain("pulumi:providers:cim");
    expect(JSON.stringify(back.deployment)).not.toContain(N);
    expect(back.providersRemoved).toEqual([CIM_PROVIDER]);
    expect(orderProblems(back.deployment)).toEqual([]);
    expect(toDynamic(back.deployment, { providerText: PROVIDER_TEXT }).nothing).toMatch(
      /already on the dynamic path/,
    );
  });

  it("refuses a resource with an explicit cim provider: the dynamic path has only the stack's config", () => {
    const exported = native().deployment;
    const explicit = urn("pulumi:providers:cim", "eu");
    exported.deployment.resources!.find((r) => r.urn === NEW_VPC)!.provider = `${explicit}::p-1`;
    expect(() => toDynamic(exported, { providerText: PROVIDER_TEXT })).toThrow(
      /Vpc "main": it uses the explicit provider "eu"/,
    );
  });
});

describe("names", () => {
  it("names the default provider as the engine does", () => {
    expect(defaultProviderName("0.1.0")).toBe("default_0_1_0");
    expect(defaultProviderName("1.2.0-beta.1")).toBe("default_1_2_0_beta_1");
    expect(defaultProviderName("2.0.0+build.5")).toBe("default_2_0_0_build_5");
    expect(() => defaultProviderName("1.2")).toThrow(/not a semantic version/);
  });

  it("renames each type of a qualified type and leaves a name with :: alone", () => {
    const map = (t: string) => (t === "a:b:C" ? "x:y:C" : t);
    expect(renameTypes("urn:pulumi:s::p::a:b:C$a:b:C::n::with::colons", map)).toBe(
      "urn:pulumi:s::p::x:y:C$x:y:C::n::with::colons",
    );
    expect(renameTypes("not a urn", map)).toBe("not a urn");
  });
});
