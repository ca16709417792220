// `pulumi-cim recover` in process against the emulator, the Pulumi CLI replaced by a recorder of what it is asked
// (the checkpoint it exports, the state it would import): what it prints and writes when one record, none and
// several are found, and with --id.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type Emulator, EmulatorControl, startEmulator } from "../../emulator";
import { CimClient } from "../../provider/client";
import { recoverCommand } from "../../provider/recover";

let emu: Emulator;
let client: CimClient;
let token: string;
let cwd: string;
let zoneId: string;
let vpcOfferingId: string;
const saved = { ...process.env };

beforeAll(async () => {
  emu = await startEmulator({ port: 0, jobLatencyMs: 0 });
  // a day: a test sets the server's clock three hours on, and expiry follows it
  token = await emu.token({ ttlSeconds: 86_400 });
  client = new CimClient({ baseUrl: emu.url, token });
  zoneId = (await client.catalogue.zones())[0].id;
  vpcOfferingId = (await client.catalogue.vpcOfferings())[0].id;
  process.env.CIM_BASE_URL = emu.url;
  process.env.CIM_TOKEN = token;
  delete process.env.CIM_REGION;
  // no Pulumi project here: the settings come from CIM_* alone
  cwd = fs.mkdtempSync(path.join(os.tmpdir(), "cim-recover-"));
});
afterAll(async () => {
  process.env = saved;
  await emu?.close();
});

const TYPE = "pulumi-nodejs:dynamic/cim:Vpc";
const urn = (name: string) => `urn:pulumi:dev::proj::${TYPE}::${name}`;

async function vpc(name: string, cidr: string): Promise<string> {
  const accepted = await client.vpcs.create({ name, displayText: name, zoneId, cidr, vpcOfferingId });
  await client.jobs.wait(accepted);
  return accepted.id as string;
}

/** Runs recover on a checkpoint whose pending creates are VPCs `[name, cidr]`; what it printed and wrote. */
const recover = (creates: [string, string][], ...args: string[]) => recoverWith([], creates, ...args);

/** The same, with the state holding VPCs `[name, id]` too. */
async function recoverWith(held: [string, string][], creates: [string, string][], ...args: string[]) {
  const exported = {
    version: 3,
    deployment: {
      manifest: { time: new Date().toISOString() },
      resources: held.map(([name, id]) => ({
        urn: urn(name),
        type: TYPE,
        custom: true,
        id,
        inputs: {},
        outputs: {},
      })),
      pending_operations: creates.map(([name, cidr]) => ({
        type: "creating",
        resource: { urn: urn(name), type: TYPE, custom: true, inputs: { name, zoneId, cidr, vpcOfferingId } },
      })),
    },
  };
  let printed = "";
  const calls: string[][] = [];
  let imported: any;
  const code = await recoverCommand(["--cwd", cwd, ...args], {
    out: (s) => {
      printed += s;
    },
    pulumi: async (argv) => {
      calls.push(argv);
      if (argv[0] === "stack" && argv[1] === "export") return JSON.stringify(exported);
      if (argv[0] === "stack" && argv[1] === "import")
        imported = JSON.parse(fs.readFileSync(argv[argv.indexOf("--file") + 1], "utf8"));
      return "";
    },
  });
  expect(printed).not.toContain(token);
  return { code, printed, calls, imported };
}

test("a dry run says what it found for each pending create and writes nothing", async () => {
  const id = await vpc("made", "10.71.0.0/16");
  const r = await recover([
    ["made", "10.71.0.0/16"],
    ["never", "10.72.0.0/16"],
  ]);
  expect(r.code).toBe(0);
  expect(r.printed).toContain(`cim:Vpc made: found VPC ${id} "made"`);
  expect(r.printed).toMatch(
    /cim:Vpc never: no VPC with its values made within the last \d h .*→ drop the pending create/,
  );
  expect(r.printed).toContain("Dry run: nothing was written.");
  expect(r.calls.map((c) => c.slice(0, 2).join(" "))).toEqual(["stack export"]);
});

test("--yes records the one found, drops the one never made, and refreshes what it recorded", async () => {
  const id = await vpc("made2", "10.73.0.0/16");
  const r = await recover(
    [
      ["made2", "10.73.0.0/16"],
      ["never2", "10.74.0.0/16"],
    ],
    "--yes",
  );
  expect(r.code).toBe(0);
  expect(r.imported.deployment.pending_operations).toEqual([]);
  expect(r.imported.deployment.resources.map((x: any) => [x.urn, x.id])).toEqual([[urn("made2"), id]]);
  expect(r.calls.map((c) => c.slice(0, 2).join(" "))).toEqual([
    "stack export",
    "stack import",
    "refresh --yes",
  ]);
  expect(r.calls[2]).toContain(urn("made2"));
  expect(r.printed).toContain("1 recorded, 1 pending create(s) dropped");
});

test("--yes records the record as a create would have: the region it is in (the API's default, named by id), the live outputs, the program's given inputs", async () => {
  const id = await vpc("made3", "10.75.0.0/16");
  const r = await recover([["made3", "10.75.0.0/16"]], "--yes");
  expect(r.code, r.printed).toBe(0);
  const [rec] = r.imported.deployment.resources;
  const primary = emu.regions.find((x) => x.primary)?.id;
  expect(primary).toBeDefined();
  // without the region, a refresh after the API's default region changed would read elsewhere and drop it
  expect(rec.outputs.region).toBe(primary);
  expect(rec.outputs).toMatchObject({
    name: "made3",
    cidr: "10.75.0.0/16",
    state: "Implemented",
    __recovered: true,
  });
  expect(rec.outputs.__given).toBeDefined();
  expect(rec.inputs.region).toBeUndefined();
  expect(rec.id).toBe(id);
});

test("a resource the stack holds as a record made after the pending create's (an up after the kill made it again) is kept; the create is dropped, its record named", async () => {
  const orphan = await vpc("again", "10.78.0.0/16");
  const later = await vpc("again", "10.78.0.0/16");
  const r = await recoverWith([["again", later]], [["again", "10.78.0.0/16"]], "--yes");
  expect(r.code).toBe(0);
  expect(r.printed).toContain(
    `but the stack holds this resource as VPC ${later}, made after it (an up after the interrupted run made it again) → drop the pending create. VPC ${orphan} is held by no resource of the stack`,
  );
  // the state keeps the record in use, not marked for deletion; nothing recorded in its place
  expect(r.imported.deployment.resources.map((x: any) => [x.id, x.delete ?? false])).toEqual([
    [later, false],
  ]);
  expect(r.imported.deployment.pending_operations).toEqual([]);
});

test("a replacement in flight (the state's record the older) records the new one and marks the old for deletion", async () => {
  const old = await vpc("moved", "10.79.0.0/16");
  const made = await vpc("moved", "10.79.0.0/16");
  // the lookup finds the record no resource holds: the replacement the interrupted run made
  const r = await recoverWith([["moved", old]], [["moved", "10.79.0.0/16"]], "--yes");
  expect(r.code).toBe(0);
  expect(r.imported.deployment.resources.map((x: any) => [x.id, x.delete ?? false])).toEqual([
    [old, true],
    [made, false],
  ]);
});

test("a replacement in flight of other values is recorded even when the server's clock was set back between its creates", async () => {
  // the new record reads as made before the one it replaces (soak seed 13091, round 12: a tier's new gateway)
  const old = await vpc("reset", "10.82.0.0/16");
  const ctl = await EmulatorControl.of(emu);
  await ctl.clock({ skewMs: -600_000 });
  try {
    const made = await vpc("reset", "10.83.0.0/16");
    const r = await recoverWith([["reset", old]], [["reset", "10.83.0.0/16"]], "--yes");
    expect(r.code).toBe(0);
    expect(r.printed).not.toContain("made after it");
    expect(r.imported.deployment.resources.map((x: any) => [x.id, x.delete ?? false])).toEqual([
      [old, true],
      [made, false],
    ]);
  } finally {
    await ctl.clock({ skewMs: 0 });
  }
});

test("several candidates: refused with their ids and the --id to give; --id picks one", async () => {
  const a = await vpc("twin", "10.75.0.0/16");
  const b = await vpc("twin", "10.75.0.0/16");
  const r = await recover([["twin", "10.75.0.0/16"]], "--yes");
  expect(r.code).toBe(1);
  expect(r.printed).toContain("2 VPCs in the API's default region match");
  expect(r.printed).toContain(a);
  expect(r.printed).toContain(b);
  expect(r.printed).toContain(`pulumi-cim recover --id '${urn("twin")}=<id>'`);
  expect(r.printed).toMatch(/Nothing was written/);
  expect(r.imported).toBeUndefined();

  const picked = await recover([["twin", "10.75.0.0/16"]], "--yes", "--id", `twin=${b}`);
  expect(picked.code).toBe(0);
  expect(picked.imported.deployment.resources.map((x: any) => x.id)).toEqual([b]);
  const missing = await recover([["twin", "10.75.0.0/16"]], "--yes", "--id", `${urn("twin")}=no-such-id`);
  expect(missing.code).toBe(1);
  expect(missing.printed).toContain("no VPC no-such-id in the API's default region");
});

test("one record is never written for two resources: a record found for one and named with --id for another refuses both", async () => {
  const id = await vpc("solo", "10.76.0.0/16");
  const r = await recover(
    [
      ["solo", "10.76.0.0/16"],
      ["other", "10.77.0.0/16"],
    ],
    "--yes",
    "--id",
    `other=${id}`,
  );
  expect(r.code).toBe(1);
  expect(r.imported).toBeUndefined();
  expect(r.printed).toContain(`cim:Vpc solo: found VPC ${id} "solo"`);
  expect(r.printed).toContain(
    `→ left as it is: cim:Vpc other would be recorded as the same VPC ${id}, and one record cannot be two resources`,
  );
  expect(r.printed).toContain(
    `→ left as it is: cim:Vpc solo would be recorded as the same VPC ${id}, and one record cannot be two resources`,
  );
  expect(r.printed).toMatch(/Nothing was written/);
});

test("a tag set (no record of its own) is recorded by the id its inputs give, and --yes writes it", async () => {
  const target = await vpc("tagged", "10.79.0.0/16");
  const tagsType = "pulumi-nodejs:dynamic/cim:Tags";
  const tagsUrn = `urn:pulumi:dev::proj::${tagsType}::t1`;
  const exported = {
    version: 3,
    deployment: {
      manifest: { time: new Date().toISOString() },
      resources: [],
      pending_operations: [
        {
          type: "creating",
          resource: {
            urn: tagsUrn,
            type: tagsType,
            custom: true,
            inputs: { resourceType: "Vpc", resourceId: target, tags: { team: "a" } },
          },
        },
      ],
    },
  };
  let printed = "";
  let imported: any;
  const code = await recoverCommand(["--cwd", cwd, "--yes"], {
    out: (s) => {
      printed += s;
    },
    pulumi: async (argv) => {
      if (argv[0] === "stack" && argv[1] === "export") return JSON.stringify(exported);
      if (argv[0] === "stack" && argv[1] === "import")
        imported = JSON.parse(fs.readFileSync(argv[argv.indexOf("--file") + 1], "utf8"));
      return "";
    },
  });
  expect(printed).not.toContain(token);
  expect(code).toBe(0);
  expect(printed).toContain(`cim:Tags t1: tag set Vpc/${target} (its id follows from its inputs)`);
  expect(imported.deployment.resources.map((x: any) => [x.urn, x.id])).toEqual([[tagsUrn, `Vpc/${target}`]]);
});

test("a record with the create's values whose create the window does not show stops recover: dropping could make a second", async () => {
  // the run made it; then the API's clock stepped two hours on, so its create job looks older than the window
  const id = await vpc("stepped", "10.78.0.0/16");
  const ctl = await EmulatorControl.of(emu);
  await ctl.clock({ skewMs: 3 * 3_600_000 });
  try {
    const r = await recover([["stepped", "10.78.0.0/16"]], "--yes");
    expect(r.code).toBe(1);
    expect(r.imported).toBeUndefined();
    expect(r.printed).toContain(`but 1 with its values and no create in that window: ${id} "stepped"`);
    expect(r.printed).toContain(`pulumi-cim recover --id '${urn("stepped")}=<id>' (or a larger --hours)`);
    const picked = await recover([["stepped", "10.78.0.0/16"]], "--yes", "--hours", "4");
    expect(picked.imported.deployment.resources.map((x: any) => x.id)).toEqual([id]);
  } finally {
    await ctl.clock({ skewMs: 0 });
  }
});
