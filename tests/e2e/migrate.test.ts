// `pulumi-cim migrate` end to end, through the real Pulumi CLI: a small stack deployed on the dynamic path
// (tests/e2e/programs/migrate.cjs) is moved to the native plugin's types in state. The dry run changes nothing in
// the stack; --yes does, a second run has nothing to do, and --to dynamic brings the stack back so that the
// dynamic program's preview and up change nothing. On the native path, the same inputs registered as
// `cim:index:<Kind>` through the plugin in bin/ preview with no changes and `up` makes no mutating API call;
// settings added to stack config afterwards update the provider alone.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { freshEd25519 } from "../fixtures/sshKeys";
import { type ProgramHome, pluginHome, pluginSettings, repoRoot, sourceHome, stackRun } from "../harness";
import { exampleProgram, mutating, uniqueStack, useApi } from "./support";

const exec = promisify(execFile);
const cli = path.join(repoRoot, "dist", "provider", "import", "cli.js");
const program = path.join(repoRoot, "tests", "e2e", "programs", "migrate.cjs");
const version: string = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")).version;

const api = useApi();
/** The program's stack config: catalogue ids, so both paths register exactly the same inputs. */
let config: Record<string, string>;

beforeAll(async () => {
  const c = api().client;
  const zoneId = (await c.catalogue.zones({})).find((z) => z.name === "de-fra-1a")?.id;
  const vpcOfferingId = (await c.catalogue.vpcOfferings({}))[0]?.id;
  const tierOfferingId = (await c.catalogue.networkOfferings({})).find((o) => o.forVpc && !o.internalLb)?.id;
  if (!zoneId || !vpcOfferingId || !tierOfferingId)
    throw new Error("the emulator's catalogue lacks what the program needs");
  config = {
    "cim-e2e:zoneId": zoneId,
    "cim-e2e:vpcOfferingId": vpcOfferingId,
    "cim-e2e:tierOfferingId": tierOfferingId,
  };
}, 60_000);

/** `pulumi-cim migrate …` as a user runs it from the project folder; the exit code, stdout and stderr. */
async function migrate(home: ProgramHome, ...args: string[]) {
  try {
    const { stdout, stderr } = await exec(process.execPath, [cli, "migrate", ...args], {
      cwd: home.workDir,
      env: { ...process.env, ...api().envVars },
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: err.code ?? 1, stdout: err.stdout ?? "", stderr: err.stderr ?? "" };
  }
}

/** A dynamic stack of the program, deployed: its home, name, runner and `pulumi stack export`. */
async function deployDynamic(name: string) {
  const home = sourceHome(name);
  const stackName = uniqueStack(name);
  const run = await stackRun({
    home,
    stackName,
    program,
    envVars: { ...api().envVars, CIM_MIGRATE_PATH: "dynamic" },
  });
  const [up, exported] = await run([
    { op: "up", config: { ...config, "cim-e2e:suffix": name, "cim-e2e:publicKey": freshEd25519(name) } },
    { op: "export-raw" },
  ]);
  expect(up.summary).toEqual({ create: 5 }); // the stack, the component and three pulumi-cim resources
  return { home, stackName, run, exported: exported.deployment! };
}

/** The file the file backend keeps the stack's checkpoint in. */
function backendStackFile(stackName: string): string {
  const url = process.env.PULUMI_BACKEND_URL ?? "";
  if (!url.startsWith("file://")) throw new Error(`this test edits a file backend's checkpoint, not ${url}`);
  return path.join(url.slice("file://".length), ".pulumi", "stacks", "cim-e2e", `${stackName}.json`);
}

const types = (d: any) => (d.deployment.resources ?? []).map((r: any) => r.type as string);

describe("pulumi-cim migrate, through the Pulumi CLI", () => {
  it("a dry run changes nothing; --yes moves the stack to the native types, and --to dynamic back with no change", async () => {
    const { home, stackName, run, exported: before } = await deployDynamic("migrate");
    const stack = ["--stack", stackName];

    const dry = await migrate(home, "--to", "native", ...stack);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`3 pulumi-cim resource(s) to move to the native path`);
    expect(dry.stdout).toMatch(/main +pulumi-nodejs:dynamic\/cim:Vpc → cim:index:Vpc/);
    expect(dry.stdout).toContain(`pulumi:providers:cim::default_${version.replaceAll(".", "_")}: added`);
    expect(dry.stdout).toContain("Dry run: nothing was written.");
    const [unchanged] = await run([{ op: "export-raw" }]);
    expect(unchanged.deployment!.deployment.resources).toEqual(before.deployment.resources);

    const done = await migrate(home, "--to", "native", "--yes", ...stack);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain(`Wrote the migrated state to stack ${stackName}.`);
    const [moved] = await run([{ op: "export-raw" }]);
    const after = moved.deployment!;
    expect(types(after).sort()).toEqual(
      [
        "cim:index:Network",
        "cim:index:SshKeyPair",
        "cim:index:Vpc",
        "migrate:app:Group",
        "pulumi:providers:cim",
        "pulumi:pulumi:Stack",
      ].sort(),
    );
    const text = JSON.stringify(after);
    expect(text).not.toContain("__provider");
    expect(text).not.toContain("pulumi-nodejs");
    expect(text).not.toContain("cim-e2e:publicKey"); // the host's provider held the stack's config: gone with it
    const tier = after.deployment.resources.find((r: any) => r.type === "cim:index:Network");
    expect(tier.parent).toMatch(/::migrate:app:Group\$cim:index:Vpc::main$/);
    expect(tier.urn).toMatch(/::migrate:app:Group\$cim:index:Vpc\$cim:index:Network::tier$/);
    // the same resources: ids and outputs as the dynamic path recorded them, less its serialized provider and its
    // hidden list of the given inputs (the plugin reads those from the inputs)
    const records = (d: any) =>
      Object.fromEntries(
        d.deployment.resources
          .filter((r: any) => /^(cim:index|pulumi-nodejs:dynamic\/cim):/.test(r.type))
          .map((r: any) => [
            r.urn.split("::").pop(),
            { id: r.id, outputs: { ...r.outputs, __provider: undefined, __given: undefined } },
          ]),
      );
    expect(records(after)).toEqual(records(before));

    const again = await migrate(home, "--to", "native", "--yes", ...stack);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/already on the native path; nothing to do/);
    for (const r of [dry, done, again]) expect(r.stdout + r.stderr).not.toContain(api().token);

    const back = await migrate(home, "--to", "dynamic", "--yes", ...stack);
    expect(back.code, back.stderr).toBe(0);
    await api().control.resetRequests();
    const [preview, up] = await run([{ op: "preview" }, { op: "up" }]);
    expect(preview.summary).toEqual({ same: 5 });
    expect(up.summary).toEqual({ same: 5 });
    expect(mutating(await api().control.requests())).toEqual({});
    await run([{ op: "destroy" }, { op: "rm" }]);
  }, 600_000);

  it("refuses, writing nothing, while a pulumi-cim resource has a pending operation", async () => {
    const { home, stackName, run } = await deployDynamic("migrate-pending");
    // What an interrupted `pulumi up` leaves in the stack's checkpoint (`pulumi stack import` would drop it).
    const file = backendStackFile(stackName);
    const checkpoint = JSON.parse(fs.readFileSync(file, "utf8"));
    const latest = checkpoint.checkpoint.latest;
    const vpc = latest.resources.find((r: any) => r.type === "pulumi-nodejs:dynamic/cim:Vpc");
    latest.pending_operations = [{ resource: vpc, type: "updating" }];
    fs.writeFileSync(file, JSON.stringify(checkpoint));
    const [withPending] = await run([{ op: "export-raw" }]);
    expect(withPending.deployment!.deployment.pending_operations).toHaveLength(1);

    const refused = await migrate(home, "--to", "native", "--yes", "--stack", stackName);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /pending operation\(s\) on pulumi-cim resources[\s\S]*updating pulumi-nodejs:dynamic\/cim:Vpc "main"/,
    );
    expect(refused.stderr).toContain("Nothing was written.");
    const [still] = await run([{ op: "export-raw" }]);
    expect(still.deployment!.deployment).toEqual(withPending.deployment!.deployment);
  }, 600_000);

  // Needs the native plugin (bin/pulumi-resource-cim serving cim:index:<Kind>): passes once it is in the tree.
  it("after --to native, the native plugin previews no changes and up makes no mutating API call", async () => {
    const { home, stackName } = await deployDynamic("migrate-native");
    const done = await migrate(home, "--to", "native", "--yes", "--stack", stackName);
    expect(done.code, done.stderr).toBe(0);

    // The project's settings name the plugin: the workspace reads Pulumi.yaml from the program folder.
    const settings = path.join(home.workDir, "Pulumi.yaml");
    fs.writeFileSync(settings, `${fs.readFileSync(settings, "utf8").trimEnd()}\n${pluginSettings()}`);
    const native = await stackRun({
      home,
      stackName,
      program,
      envVars: { ...api().envVars, CIM_MIGRATE_PATH: "native", CIM_MIGRATE_VERSION: version },
    });
    await api().control.resetRequests();
    const [migrated, preview, up, after] = await native([
      { op: "export-raw" },
      { op: "preview", steps: true },
      { op: "up" },
      { op: "export-raw" },
    ]);
    expect(preview.summary).toEqual({ same: 5 });
    // the provider the migration added is the one the engine uses: its step too is `same`, and after up state
    // keeps it (same URN and id) rather than making another default provider and moving the resources to it
    const G = "migrate:app:Group";
    expect(preview.steps!.map((s) => `${s.op} ${s.urn.split("::").slice(2).join("::")}`).sort()).toEqual(
      [
        `same pulumi:pulumi:Stack::cim-e2e-${stackName}`,
        `same ${G}::app`,
        `same pulumi:providers:cim::default_${version.replaceAll(".", "_")}`,
        `same ${G}$cim:index:SshKeyPair::ops`,
        `same ${G}$cim:index:Vpc::main`,
        `same ${G}$cim:index:Vpc$cim:index:Network::tier`,
      ].sort(),
    );
    expect(up.summary).toEqual({ same: 5 });
    expect(mutating(await api().control.requests())).toEqual({});
    const providers = (d: any) =>
      d.deployment.resources.map(
        (r: any) => `${r.type} ${r.type === "pulumi:providers:cim" ? `${r.urn}::${r.id}` : r.provider}`,
      );
    expect(providers(after.deployment)).toEqual(providers(migrated.deployment));

    // With the settings in stack config (the token a secret), as many stacks have them: the engine records them
    // in the provider the migration added (an update of the provider alone), and no resource changes.
    const stackConfig = { "cim:baseUrl": api().emu.url, "cim:token": { value: api().token, secret: true } };
    await api().control.resetRequests();
    const [withConfig, again, recorded] = await native([
      { op: "preview", steps: true, config: stackConfig },
      { op: "up" },
      { op: "export-raw" },
    ]);
    expect(withConfig.summary).toEqual({ same: 5 });
    expect(withConfig.steps!.filter((s) => s.op !== "same").map((s) => `${s.op} ${s.type}`)).toEqual([
      "update pulumi:providers:cim",
    ]);
    expect(again.summary).toEqual({ same: 5 });
    expect(mutating(await api().control.requests())).toEqual({});
    expect(providers(recorded.deployment)).toEqual(providers(migrated.deployment));
    expect(JSON.stringify(recorded.deployment)).not.toContain(api().token);
    await native([{ op: "destroy" }, { op: "rm" }]);
  }, 600_000);

  it("moves the quickstart's stack: on the plugin, preview shows no change and up makes no mutating API call", async () => {
    // One folder whose project names the plugin: the quickstart runs first as it is (dynamic), then with its
    // `import … from "pulumi-cim"` answered by pulumi-cim/native, as a user switches by editing that import.
    const home = pluginHome("migrate-quickstart", "cim-e2e");
    const stackName = uniqueStack("migrate-quickstart");
    const envVars = api().envVars;
    const dynamic = await stackRun({ home, stackName, program: exampleProgram(home, "quickstart"), envVars });
    const [up] = await dynamic([{ op: "up" }]);
    expect(up.summary).toEqual({ create: 7 });

    const moved = await migrate(home, "--to", "native", "--stack", stackName, "--yes");
    expect(moved.code, moved.stderr).toBe(0);

    const native = exampleProgram(home, "quickstart", { native: true });
    const run = await stackRun({ home, stackName, program: native, envVars });
    await api().control.resetRequests();
    const [preview, again] = await run([{ op: "preview" }, { op: "up" }]);
    expect(preview.summary).toEqual({ same: 7 });
    expect(again.summary).toEqual({ same: 7 });
    expect(mutating(await api().control.requests())).toEqual({});
    const [destroyed] = await run([{ op: "destroy" }]);
    expect(destroyed.summary).toEqual({ delete: 7 });
  }, 300_000);
});
