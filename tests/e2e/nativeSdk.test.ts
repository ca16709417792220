// The classes of `pulumi-cim/native` and `cim.Provider` through the real CLI and the pulumi-resource-cim plugin, as
// a user's program registers them: an explicit provider's settings serve its resources, and its token is kept in
// state only encrypted; two providers given only a region serve a region each; the default provider, configured
// from CIM_*, keeps no token at all; the lookups are invokes the plugin answers at preview (an explicit provider's
// in its region), never the program; a class of `pulumi-cim` given a cim.Provider stops the preview, naming
// pulumi-cim/native; what the providers' processes tell each other (a host name two of them claim, a delete one
// runs that another's waits for). (The plugin's own behaviour,
// apart from the SDK, is tested in tests/native/.) Runs where the plugin is built: bin/pulumi-resource-cim and
// the build's dist/provider/native/main.js. Each test runs the CLI a few times: 4 minutes each, for a loaded machine.
import * as fs from "node:fs";
import * as path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { type ProgramHome, pluginHome, repoRoot, requireToolchain, stackRun } from "../harness";
import { mutating, resourcesOf, uniqueStack, useApi } from "./support";

const PROJECT = "cim-native-sdk";
const pluginBuilt = ["bin/pulumi-resource-cim", "dist/provider/native/main.js"].every((f) =>
  fs.existsSync(path.join(repoRoot, f)),
);

/** A program folder whose Pulumi.yaml names this repository's plugin folder, its `cim` the native entry. */
const nativeHome = (): ProgramHome => pluginHome("native-sdk", PROJECT);

/** A new stack (named `name`-…) of the program `write` puts in a new native program folder. */
function nativeRun(name: string, write: (home: ProgramHome) => string, envVars: Record<string, string>) {
  const home = nativeHome();
  return stackRun({
    home,
    stackName: uniqueStack(name),
    projectName: PROJECT,
    program: write(home),
    envVars,
  });
}

/** Writes a program into the program folder; gives its path. */
function programIn(home: ProgramHome, name: string, source: string): string {
  const file = path.join(home.workDir, name);
  fs.writeFileSync(file, source);
  return file;
}

/**
 * Two explicit providers given only a region each (address and token from the plugin's CIM_*), a volume of each:
 * `probe:regions` lists them ([{ name, region, zoneId, diskOfferingId }]).
 */
function writeRegionsProgram(home: ProgramHome): string {
  return programIn(
    home,
    "regions.cjs",
    `"use strict";
module.exports = (cim, pulumi) => {
  const out = {};
  for (const r of new pulumi.Config("probe").requireObject("regions")) {
    const provider = new cim.Provider(r.name, { region: r.region });
    const vol = new cim.Volume(r.name + "-data", { zoneId: r.zoneId, diskOfferingId: r.diskOfferingId, size: 5 }, { provider });
    out[r.name] = { id: vol.id, region: vol.region };
  }
  return out;
};
`,
  );
}

/**
 * The program: a volume of an explicit provider given the API's address from stack config and the token as plain
 * text (from the environment: the class alone must make it a secret); with `probe:withDefault`
 * one of the default provider; with `probe:dynamicWithProvider` a class of pulumi-cim given the explicit one.
 */
function writeProgram(home: ProgramHome): string {
  return programIn(
    home,
    "program.cjs",
    `"use strict";
module.exports = (cim, pulumi) => {
  const c = new pulumi.Config("probe");
  const fra = new cim.Provider("fra", { baseUrl: c.require("baseUrl"), token: process.env.PROBE_TOKEN });
  const args = { zoneId: c.require("zoneId"), diskOfferingId: c.require("diskOfferingId"), size: 5 };
  const out = { explicitState: new cim.Volume("explicit-vol", args, { provider: fra }).state };
  if (c.getBoolean("withDefault")) out.defaultState = new cim.Volume("default-vol", args).state;
  if (c.getBoolean("dynamicWithProvider")) {
    const dynamic = require(${JSON.stringify(repoRoot)});
    new dynamic.Volume("dynamic-vol", args, { provider: fra });
  }
  return out;
};
`,
  );
}

/**
 * Lookups whose ids go into resources: a zone, a template and an offering of the default provider for an
 * instance, and a zone and a disk offering of an explicit provider given only `probe:region` for its volume
 * (the zone `probe:zone` is there, not in the default region). The program first drops every CIM_* variable of
 * its own process (the CLI and the plugin it starts were given them before it ran, and the stack has no cim:*
 * config): a lookup answered here, in the program, could not reach the API.
 */
function writeLookupsProgram(home: ProgramHome): string {
  return programIn(
    home,
    "lookups.cjs",
    `"use strict";
module.exports = async (cim, pulumi) => {
  for (const k of Object.keys(process.env)) if (k.startsWith("CIM_")) delete process.env[k];
  const c = new pulumi.Config("probe");
  const zone = await cim.getZone({ name: "de-fra-1a" });
  const template = await cim.getTemplate({ name: "Ubuntu 22.04 LTS" });
  const offering = await cim.getComputeOffering({ name: "Small" });
  new cim.Instance("vm", { zoneId: zone.id, templateId: template.id, serviceOfferingId: offering.id });
  const provider = new cim.Provider("other", { region: c.require("region") });
  const there = await cim.getZone({ name: c.require("zone"), provider });
  const disk = await cim.getDiskOffering({ name: "Custom", provider });
  new cim.Volume("there", { zoneId: there.id, diskOfferingId: disk.id, size: 5 }, { provider });
};
`,
  );
}

/**
 * Two instances of one host name (`probe:hostName`), one under the default provider and one under an explicit
 * provider of the same settings: two plugin processes, each checking one of them.
 */
function writeTwinsProgram(home: ProgramHome): string {
  return programIn(
    home,
    "twins.cjs",
    `"use strict";
module.exports = async (cim, pulumi) => {
  const name = new pulumi.Config("probe").require("hostName");
  const zone = await cim.getZone({ name: "de-fra-1a" });
  const template = await cim.getTemplate({ name: "Ubuntu 22.04 LTS" });
  const offering = await cim.getComputeOffering({ name: "Small" });
  const args = { zoneId: zone.id, templateId: template.id, serviceOfferingId: offering.id, name };
  new cim.Instance("first", args);
  new cim.Instance("second", args, { provider: new cim.Provider("same") });
};
`,
  );
}

/**
 * A network under one explicit provider and, once `probe:networkId` gives its id as text (no dependency: Pulumi
 * deletes both at once), an instance on it under another: two plugin processes.
 */
function writeTextNetworkProgram(home: ProgramHome): string {
  return programIn(
    home,
    "textnet.cjs",
    `"use strict";
module.exports = async (cim, pulumi) => {
  const c = new pulumi.Config("probe");
  const zone = await cim.getZone({ name: "de-fra-1a" });
  const offering = await cim.getNetworkOffering({ name: "Isolated" });
  const net = new cim.Network("net", { name: c.require("name"), zoneId: zone.id, networkOfferingId: offering.id }, { provider: new cim.Provider("nets") });
  const networkId = c.get("networkId");
  if (networkId) {
    const template = await cim.getTemplate({ name: "Ubuntu 22.04 LTS" });
    const size = await cim.getComputeOffering({ name: "Small" });
    new cim.Instance("vm", { zoneId: zone.id, templateId: template.id, serviceOfferingId: size.id, networkIds: [networkId] }, { provider: new cim.Provider("vms") });
  }
  return { networkId: net.id };
};
`,
  );
}

describe.skipIf(!pluginBuilt)("pulumi-cim/native through the CLI and the plugin", () => {
  const api = useApi();
  const ids: Record<string, string> = {};
  /** A list of the API in a region (the default one when none is given). */
  const list = async (p: string, region?: string) => {
    const res = await fetch(`${api().emu.url}/api/v1${p}`, {
      headers: { authorization: `Bearer ${api().token}`, ...(region ? { "x-region-context": region } : {}) },
    });
    const body: any = await res.json();
    return (Array.isArray(body) ? body : body.content) as Record<string, any>[];
  };

  beforeAll(async () => {
    requireToolchain();
    ids.zoneId = (await list("/zones"))[0].id;
    ids.diskOfferingId = (await list("/offerings/disk")).find((d) => d.customized)!.id;
  });

  it("an explicit provider's settings serve its resources and state keeps its token only encrypted; the default provider keeps none", async () => {
    const { token, emu, envVars } = api();
    // no CIM_* at first: only the explicit provider's own settings can reach the API
    const run = await nativeRun("native-sdk", writeProgram, {
      CIM_POLL_INTERVAL_MS: "25",
      PROBE_TOKEN: token,
    });
    const config = {
      "probe:baseUrl": emu.url,
      "probe:zoneId": ids.zoneId,
      "probe:diskOfferingId": ids.diskOfferingId,
    };
    const [up, raw] = await run([{ op: "up", config }, { op: "export-raw" }]);
    expect(up.outputs?.explicitState).toBe("Allocated");
    const text = JSON.stringify(raw.deployment);
    expect(text).not.toContain(token);
    const [fra] = resourcesOf(raw.deployment, "pulumi:providers:cim");
    expect(fra.inputs.baseUrl).toBe(emu.url);
    expect(fra.inputs.token).toMatchObject({
      "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
      ciphertext: expect.any(String),
    });
    const [vol] = resourcesOf(raw.deployment, "cim:index:Volume");
    expect(vol.provider).toBe(`${fra.urn}::${fra.id}`);

    // the default provider, configured from the plugin's environment
    const [again, raw2] = await run([
      { op: "up", config: { "probe:withDefault": "true" }, env: envVars },
      { op: "export-raw" },
    ]);
    expect(again.outputs?.defaultState).toBe("Allocated");
    expect(JSON.stringify(raw2.deployment)).not.toContain(token);
    const providers = resourcesOf(raw2.deployment, "pulumi:providers:cim");
    const dflt = providers.find((p: any) => p.urn.includes("::default_"));
    expect(dflt?.inputs).not.toHaveProperty("token");
    expect(dflt?.inputs).not.toHaveProperty("baseUrl");
    await run([{ op: "destroy" }]);
  }, 240_000);

  it("a class of pulumi-cim given a cim.Provider stops the preview, naming pulumi-cim/native", async () => {
    const { token, emu, envVars } = api();
    const run = await nativeRun("native-sdk-dyn", writeProgram, { ...envVars, PROBE_TOKEN: token });
    const config = {
      "probe:baseUrl": emu.url,
      "probe:zoneId": ids.zoneId,
      "probe:diskOfferingId": ids.diskOfferingId,
      "probe:dynamicWithProvider": "true",
    };
    const [preview] = await run([{ op: "preview", config, expectFailure: true }]);
    expect(preview.ok).toBe(false);
    expect(preview.diagnostics.map((d) => d.message).join("\n")).toContain(
      'cim:Volume "dynamic-vol": the provider option needs the native provider plugin: explicit providers exist only for the classes of "pulumi-cim/native"',
    );
  }, 240_000);

  it("two explicit providers in two regions: each one's resources are made in its region", async () => {
    const { emu, envVars, control } = api();
    const regions = await Promise.all(
      ["de-fra-1", "nl-ams-1"].map(async (name) => {
        const region = emu.regions.find((r) => r.name === name)!.id;
        const zoneId = (await list("/zones", region))[0].id;
        const diskOfferingId = (await list("/offerings/disk", region)).find((d) => d.customized)!.id;
        return { name: name.split("-")[1], region, zoneId, diskOfferingId };
      }),
    );
    const run = await nativeRun("native-sdk-regions", writeRegionsProgram, envVars);
    const [up] = await run([{ op: "up", config: { "probe:regions": JSON.stringify(regions) } }]);
    const volumes = (await control.state()).volumes;
    for (const r of regions) {
      const made = up.outputs?.[r.name] as { id: string; region: string };
      expect(made.region, r.name).toBe(r.region);
      expect(volumes[made.id].regionId, r.name).toBe(r.region);
    }
    await run([{ op: "destroy" }]);
  }, 240_000);

  it("a preview whose check cannot read the disk offerings (a 503) warns on the volume's line, naming what went unchecked", async () => {
    const { envVars, control } = api();
    const zoneId = (await list("/zones"))[0].id;
    const diskOfferingId = (await list("/offerings/disk")).find((d) => d.name === "Small 20 GB")!.id;
    const run = await nativeRun(
      "native-sdk-unread",
      (home) =>
        programIn(
          home,
          "unread.cjs",
          `"use strict";
module.exports = (cim, pulumi) => {
  const c = new pulumi.Config("probe");
  new cim.Volume("fx", { zoneId: c.require("zoneId"), diskOfferingId: c.require("diskOfferingId"), size: 5 });
  return {};
};
`,
        ),
      envVars,
    );
    await control.fault({ method: "GET", route: "/api/v1/offerings/disk", status: 503 });
    try {
      const [preview] = await run([
        { op: "preview", config: { "probe:zoneId": zoneId, "probe:diskOfferingId": diskOfferingId } },
      ]);
      expect(preview.ok, preview.error).toBe(true);
      const warned = preview.diagnostics.filter((d) => d.severity === "warning");
      const unread = warned.filter((d) => d.message.includes("could not read the disk offerings"));
      expect(unread, warned.map((d) => d.message).join("\n")).toHaveLength(1);
      expect(unread[0].urn).toMatch(/::fx$/);
      expect(unread[0].message).toMatch(
        /^cim:Volume "fx": could not read the disk offerings \(GET \/api\/v1\/offerings\/disk \(default region\) failed with 503.*\), so diskOfferingId and size were not checked against them\. pulumi up checks each resource again/,
      );
    } finally {
      await control.clearFaults();
    }
  }, 240_000);

  it("an explicit provider's setting that breaks a rule is named as that provider's, not as cim:*", async () => {
    const { envVars } = api();
    // the region given by name: the check says whose region it is (the stack has no cim:region, nor CIM_REGION)
    const regions = [{ name: "ams", region: "nl-ams-1", ...ids }];
    const run = await nativeRun("native-sdk-badregion", writeRegionsProgram, envVars);
    const [preview] = await run([
      { op: "preview", config: { "probe:regions": JSON.stringify(regions) }, expectFailure: true },
    ]);
    expect(preview.ok).toBe(false);
    const text = `${preview.error ?? ""}\n${preview.stderr}\n${preview.output}`;
    expect(text).toContain(
      'region must be an id (a UUID), not a name: the region of provider "ams" is "nl-ams-1"',
    );
    expect(text).not.toContain("cim:region");
  }, 240_000);

  it("one host name claimed under two providers of a region is refused at preview, naming the other resource", async () => {
    const { envVars, control } = api();
    const run = await nativeRun("native-sdk-twins", writeTwinsProgram, envVars);
    await control.resetRequests();
    const [preview] = await run([
      { op: "preview", config: { "probe:hostName": `twin-${process.pid}` }, expectFailure: true },
    ]);
    expect(preview.ok).toBe(false);
    const errors = preview.diagnostics.filter((d) => d.severity === "error").map((d) => d.message);
    expect(errors.join("\n")).toMatch(
      /cim:index:Instance resource '(first|second)': property name value \{twin-\d+\} has a problem: name "twin-\d+": cim\.Instance "(first|second)" of this program claims the same, and only one instance may hold it at a time/,
    );
    // one of the two is refused, as under one provider: the one whose claim the deployment's file holds later
    expect(new Set(errors.filter((e) => e.includes("claims the same")))).toHaveProperty("size", 1);
    expect(Object.keys(mutating(await control.requests()))).toEqual([]);
  }, 240_000);

  it("a network's delete waits while another provider's process deletes the instance given its id as text", async () => {
    const { envVars, control } = api();
    const run = await nativeRun("native-sdk-textnet", writeTextNetworkProgram, envVars);
    const name = `flat-${process.pid}`;
    const [made] = await run([{ op: "up", config: { "probe:name": name } }]);
    const networkId = made.outputs!.networkId as string;
    await run([{ op: "up", config: { "probe:networkId": networkId } }]);
    // the instance's delete reaches the API after the network's first tries, which the platform refuses while the
    // instance is on it; the network's tries come every half second
    await control.fault({
      method: "DELETE",
      route: "/api/v1/compute/instances/*",
      latencyMs: 3_000,
      times: 1,
    });
    const [destroy] = await run([{ op: "destroy", env: { CIM_POLL_INTERVAL_MS: "500" } }]);
    expect(destroy.ok, destroy.error).toBe(true);
    expect((await control.requests())["DELETE /api/v1/networks/{id}"]).toBeGreaterThan(2);
    expect((await control.state()).networks[networkId]).toBeUndefined();
  }, 240_000);

  it("lookups are invokes the plugin answers at preview, an explicit provider's in its region; their ids go into resources", async () => {
    const { emu, envVars, control } = api();
    const ams = emu.regions.find((r) => r.name === "nl-ams-1")!.id;
    const amsZone = (await list("/zones", ams)).find((z) => z.name === "nl-ams-1a")!;
    const amsDisk = (await list("/offerings/disk", ams)).find((d) => d.name === "Custom")!;
    const fraZone = (await list("/zones")).find((z) => z.name === "de-fra-1a")!;
    const template = (await list("/templates")).find((t) => t.name === "Ubuntu 22.04 LTS")!;
    const run = await nativeRun("native-sdk-lookups", writeLookupsProgram, envVars);
    await control.resetRequests();
    const [preview] = await run([
      { op: "preview", config: { "probe:region": ams, "probe:zone": "nl-ams-1a" }, steps: true },
    ]);
    expect(preview.ok, preview.error).toBe(true);
    const inputs = (name: string) => preview.steps!.find((s) => s.urn.endsWith(`::${name}`))?.new?.inputs;
    expect(inputs("vm")).toMatchObject({ zoneId: fraZone.id, templateId: template.id });
    expect(inputs("there")).toMatchObject({ zoneId: amsZone.id, diskOfferingId: amsDisk.id });
    // the lookups' reads reached the API, from the only process that had its address: the plugin's
    const reads = await control.requests();
    expect(reads["GET /api/v1/zones"]).toBeGreaterThanOrEqual(2);
    expect(reads["GET /api/v1/templates"]).toBeGreaterThanOrEqual(1);
    expect(Object.keys(mutating(reads))).toEqual([]);
  }, 240_000);
});
