// Every request the client declares (each family's client.ts, requestShape.ts) sends its declared keys and nothing
// else: the API reads many bodies and query strings key by key and silently ignores a key it does not know, so a
// caller's extra key or a misspelt one must never leave the client, and a field left undefined is not sent at all.
// The declarations are found in the client's modules, not listed here, so a new one is covered by being declared.

import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { queryString } from "../../provider/client/paths";
import { optional, type RequestShape, requestShape, required } from "../../provider/client/requestShape";
import { createInstanceBody } from "../../provider/families/instances/client";

const CLIENT = join(__dirname, "../../provider/client");
const FAMILIES = join(__dirname, "../../provider/families");

type AnyShape = RequestShape<Record<string, ReturnType<typeof optional>>>;

const isShape = (v: unknown): v is AnyShape =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as AnyShape).pick === "function" &&
  Array.isArray((v as AnyShape).keys) &&
  typeof (v as AnyShape).fields === "object";

/** The client's modules: its own (provider/client/*.ts) and each family's (provider/families/<family>/client.ts). */
function clientModules(): [string, string][] {
  const own = readdirSync(CLIENT)
    .filter((f) => f.endsWith(".ts"))
    .map((f): [string, string] => [f.replace(/\.ts$/, ""), join(CLIENT, f)]);
  const families = readdirSync(FAMILIES)
    .filter((f) => existsSync(join(FAMILIES, f, "client.ts")))
    .map((f): [string, string] => [f, join(FAMILIES, f, "client.ts")]);
  return [...own, ...families].sort(([a], [b]) => a.localeCompare(b));
}

async function declaredRequests(): Promise<[string, AnyShape][]> {
  const found: [string, AnyShape][] = [];
  for (const [name, file] of clientModules()) {
    const mod: Record<string, unknown> = await import(file);
    for (const [key, value] of Object.entries(mod)) if (isShape(value)) found.push([`${name}.${key}`, value]);
  }
  return found;
}

/** Keys a caller may get wrong: the case of a declared key, a plural, and one nobody declared. */
function strayKeys(keys: readonly string[]): string[] {
  const stray = keys.flatMap((k) => [k.toLowerCase(), `${k}s`, k.toUpperCase()]);
  return [...new Set([...stray, "bogus"])].filter((k) => !keys.includes(k));
}

describe("declared requests", async () => {
  const DECLARED = await declaredRequests();

  it("are found in the client's modules, one per family request", () => {
    const names = DECLARED.map(([n]) => n);
    // a floor, so a module layout change cannot leave the table below empty
    expect(names).toEqual(
      expect.arrayContaining([
        "vpcs.createVpcRequest",
        "vpcs.renameRequest",
        "networks.createNetworkRequest",
        "networkAcls.aclRuleRequest",
        "networkAcls.aclRuleUpdateRequest",
        "instances.createInstanceRequest",
        "instances.updateInstanceRequest",
        "volumes.createVolumeRequest",
        "kubernetes.createKubernetesClusterRequest",
        "loadBalancers.createInternalLoadBalancerRequest",
        "images.registerTemplateRequest",
        "images.registerIsoRequest",
        "audit.auditQuery",
      ]),
    );
    expect(names.length).toBeGreaterThanOrEqual(40);
  });

  it.each(DECLARED)("%s sends exactly its declared keys, in order", (_name, shape) => {
    const keys = shape.keys;
    expect(keys.length).toBeGreaterThan(0);
    expect(keys).toEqual(Object.keys(shape.fields));
    const stray = strayKeys(keys);
    const input = Object.fromEntries([...stray, ...keys].map((k) => [k, `value of ${k}`]));
    const sent = shape.pick(input as never) as Record<string, unknown>;
    expect(Object.keys(sent)).toEqual(keys);
    for (const k of keys) expect(sent[k]).toBe(`value of ${k}`);
    const body = JSON.stringify(sent);
    const query = queryString(sent as Record<string, string>);
    for (const k of stray) {
      expect(body).not.toContain(`"${k}"`);
      expect(query).not.toMatch(new RegExp(`[?&]${k}=`));
    }
  });

  it.each(DECLARED)(
    "%s leaves out what is undefined, and sends null, false and 0 as given",
    (_name, shape) => {
      const keys = shape.keys;
      const given = [null, false, 0, ""];
      const input = Object.fromEntries(
        keys.map((k, i) => [k, i % 2 ? undefined : given[(i / 2) % given.length]]),
      );
      const sent = shape.pick(input as never) as Record<string, unknown>;
      expect(Object.keys(sent)).toEqual(keys.filter((_, i) => i % 2 === 0));
      for (const [i, k] of keys.entries()) if (i % 2) expect(k in sent).toBe(false);
      expect(shape.pick({} as never)).toEqual({});
    },
  );
});

describe("requestShape", () => {
  const shape = requestShape({
    name: required<string>(),
    ids: optional<readonly string[]>(),
    mode: optional<string>(),
  });

  it("encodes a field as given, and leaves it out when its encoder answers undefined", () => {
    const join = { ids: (ids: readonly string[]) => (ids.length ? ids.join(",") : undefined) };
    expect(shape.pick({ name: "n", ids: ["a", "b"] }, join)).toEqual({ name: "n", ids: "a,b" });
    expect(Object.keys(shape.pick({ name: "n", ids: [] }, join))).toEqual(["name"]);
    // an encoder never sees an absent field
    expect(shape.pick({ name: "n" }, { ids: () => "made up" })).toEqual({ name: "n" });
  });

  it("keeps the instance create's encodings: networks comma-separated, image ids only with their type", () => {
    const base = { serviceOfferingId: "s", templateId: "t", zoneId: "z" };
    expect(createInstanceBody({ ...base, networkIds: ["a", "b"], volumeId: "v", snapshotId: "s" })).toEqual({
      ...base,
      networkIds: "a,b",
    });
    const fromVolume = createInstanceBody({ ...base, imageType: "volume", volumeId: "v", snapshotId: "s" });
    expect(Object.keys(fromVolume)).toEqual([
      "serviceOfferingId",
      "templateId",
      "zoneId",
      "imageType",
      "volumeId",
    ]);
  });
});
