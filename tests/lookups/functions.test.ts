// The lookups as the provider plugin's functions (provider/lookups): run in this process against the emulator
// with the settings given to them, never from CIM_*: lists wrapped as `{ items }`, records as they are, a miss
// with its candidates, arguments a lookup does not take, and the settings of the plugin's configuration.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setProviderConfig } from "../../provider/config";
import { lookupFunctions, nativeFunctions } from "../../provider/lookups";
import { clearLookupCache, LookupError } from "../../sdk/lookups";
import { useLookupSettings } from "../../sdk/lookups/core";
import { startApi, type TestApi } from "../e2e/support";

let api: TestApi;
let primary: { id: string; name: string };
let secondary: { id: string; name: string };
const saved = { ...process.env };

/** The settings a provider's configuration gives: a reader of `cim:`-prefixed keys. */
const settingsOf = (values: Record<string, string>) => (key: string) => values[key.slice("cim:".length)];
let fns: ReturnType<typeof lookupFunctions>;

beforeAll(async () => {
  api = await startApi();
  primary = api.emu.regions.find((r) => r.primary)!;
  secondary = api.emu.regions.find((r) => !r.primary)!;
  // nothing from the environment: what the lookups read is the configuration given to them
  for (const k of Object.keys(process.env)) if (k.startsWith("CIM_")) delete process.env[k];
  fns = lookupFunctions(settingsOf({ baseUrl: api.emu.url, token: api.token }));
}, 60_000);

afterAll(async () => {
  process.env = saved;
  useLookupSettings(undefined);
  clearLookupCache();
  await api?.close();
});

async function rejection(p: Promise<unknown>): Promise<Error> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(Error);
  expect((e as Error).message).not.toContain(api.token);
  return e as Error;
}

describe("running a lookup as a provider function", () => {
  it("a list answers { items } with the API's records", async () => {
    const out = await fns.run("cim:index:getZones", {});
    const zones = await api.client.catalogue.zones({ region: primary.id });
    expect(Object.keys(out)).toEqual(["items"]);
    expect((out.items as { id: string }[]).map((z) => z.id).sort()).toEqual(zones.map((z) => z.id).sort());
  });

  it("one record answers the record itself, in the region asked (by name or id)", async () => {
    const zone = await fns.run("cim:index:getZone", { name: "nl-ams-1a", region: "nl-ams-1" });
    expect(zone).toMatchObject({ name: "nl-ams-1a", regionId: secondary.id });
    expect(await fns.run("cim:index:getZone", { id: zone.id, region: secondary.id })).toEqual(zone);
    const t = await fns.run("cim:index:getTemplate", { name: "Ubuntu 22.04 LTS", filter: "executable" });
    expect(t).toMatchObject({ name: "Ubuntu 22.04 LTS", state: "Ready" });
    expect((await fns.run("cim:index:getDefaultRegion", {})).id).toBe(primary.id);
  });

  it("maps and lookups of several arguments: preferences as { values }, an organization's members", async () => {
    const prefs = await fns.run("cim:index:getPreferences", {});
    expect(Object.keys(prefs)).toEqual(["values"]);
    expect(prefs.values).toEqual(await api.client.preferences.get());
    const res = await fetch(`${api.emu.url}/api/v1/tenants`, {
      method: "POST",
      headers: { authorization: `Bearer ${api.token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "acme" }),
    });
    expect(res.status).toBe(200);
    const tenants = (await fns.run("cim:index:getTenants", {})).items as { id: string }[];
    expect(tenants.length).toBe(1);
    const members = await fns.run("cim:index:getTenantMembers", { tenantId: tenants[0].id });
    const direct = (await api.client.organizations.members(tenants[0].id).all()).items;
    expect(direct.length).toBeGreaterThan(0);
    expect((members.items as { id: string }[]).map((m) => m.id)).toEqual(direct.map((m) => m.id));
  });

  it("a miss fails with the lookup's own error: its text and its candidates", async () => {
    const e = await rejection(fns.run("cim:index:getZone", { name: "nl-ams-1a" }));
    expect(e).toBeInstanceOf(LookupError);
    expect(e.message).toContain('cim: no zone named "nl-ams-1a" in the default region');
    expect(e.message).toContain("de-fra-1a (");
    expect((e as LookupError).candidates.map((c) => c.name).sort()).toEqual(["de-fra-1a", "de-fra-1b"]);
    const both = await rejection(fns.run("cim:index:getZone", { name: "a", id: "b" }));
    expect(both.message).toBe("cim: look up a zone by name or by id (give exactly one)");
  });

  it("arguments a lookup does not take, or of the wrong type, fail naming the function and the field", async () => {
    const extra = await rejection(fns.run("cim:index:getZone", { nam: "de-fra-1a" }));
    expect(extra.message).toBe('cim: getZone does not take "nam" (it takes region, name, id).');
    const wrong = await rejection(fns.run("cim:index:getNetworkAclRule", { aclId: "x", number: "10" }));
    expect(wrong.message).toMatch(/^cim: getNetworkAclRule: field "number": .*expected number/);
    const missing = await rejection(fns.run("cim:index:getNetworkAclLists", {}));
    expect(missing.message).toMatch(/^cim: getNetworkAclLists: field "vpcId": /);
    const none = await rejection(fns.run("cim:index:getRegions", { region: "x" }));
    expect(none.message).toBe('cim: getRegions does not take "region" (it takes none).');
    const unknown = await rejection(fns.run("cim:index:getNothing", {}));
    expect(unknown.message).toContain("the provider has no function cim:index:getNothing");
    expect((await rejection(fns.run("cim:index:constructor", {}))).message).toContain("has no function");
  });

  it("reads the settings it is given: a region of the configuration, a token that is refused", async () => {
    const inSecondary = lookupFunctions(
      settingsOf({ baseUrl: api.emu.url, token: api.token, region: "nl-ams-1" }),
    );
    expect((await inSecondary.run("cim:index:getZone", { name: "nl-ams-1a" })).regionId).toBe(secondary.id);
    const refused = lookupFunctions(settingsOf({ baseUrl: api.emu.url, token: "not-a-token-of-this-api" }));
    const e = await rejection(refused.run("cim:index:getZones", {}));
    expect(e.message).toMatch(/^pulumi-cim lookup: /);
    expect(e.message).not.toContain("not-a-token-of-this-api");
    const unset = lookupFunctions(() => undefined);
    // the lookup's prefix once, not "pulumi-cim lookup: pulumi-cim lookups …"
    expect((await rejection(unset.run("cim:index:getZones", {}))).message).toMatch(
      /^pulumi-cim lookup: the API address and token are needed: set /,
    );
  });

  it("an unknown region id fails every lookup with one error, listing the regions", async () => {
    const nowhere = "00000000-0000-4000-8000-0000000000aa";
    const lost = lookupFunctions(settingsOf({ baseUrl: api.emu.url, token: api.token, region: nowhere }));
    const [a, b] = await Promise.all([
      rejection(lost.run("cim:index:getZone", { name: "de-fra-1a" })),
      rejection(lost.run("cim:index:getVpcOffering", { name: "Default VPC" })),
    ]);
    expect(a.message).toBe(b.message);
    expect(a.message).toMatch(
      new RegExp(
        `^cim: no region with id ${nowhere} \\(cim:region \\(CIM_REGION\\)\\)\\. Regions: .*${primary.name} \\(${primary.id}\\)`,
      ),
    );
  });

  it("by default, the configuration the plugin's Configure gave the process", async () => {
    const config: Record<string, string> = {
      "cim:baseUrl": api.emu.url,
      "cim:token": api.token,
      "cim:region": secondary.id,
    };
    setProviderConfig({ get: (key: string) => config[key] } as never);
    const out = await nativeFunctions.run("cim:index:getZones", {});
    expect((out.items as { regionId: string }[]).every((z) => z.regionId === secondary.id)).toBe(true);
  });
});
