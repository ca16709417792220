// `pulumi-cim import` end to end: resources of every kind it adopts made straight through the API (no Pulumi),
// the command writes a program, `pulumi up` of that program adopts everything without a single mutating
// request, and `pulumi preview` afterwards shows no changes. Once from the source tree (node dist/…/cli.js) and once as users run
// it, `npx pulumi-cim import` from a project that installed the packed package.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { COLLECTION_KEYS } from "../../emulator/families";
import { SCHEDULE_ADOPTION } from "../../provider/import/generate";
import { importedKinds } from "../../provider/import/inventory";
import {
  installedHome,
  type ProgramHome,
  packOnce,
  repoRoot,
  requireToolchain,
  sourceHome,
  stackRun,
} from "../harness";
import { makeLegacyWorld } from "./legacyWorld";
import { mutating, resourcesOf, startApi, type TestApi, uniqueStack } from "./support";

const exec = promisify(execFile);
const cli = path.join(repoRoot, "dist", "provider", "import", "cli.js");

let api: TestApi;
let primary: { id: string; name: string };
/** Live ids by kind, as the legacy world made them. */
let made: Record<string, string[]>;
let foreignVpc: string;
/**
 * Kinds the command adopts that this round trip does not make yet: multi-region groups, their member VPCs and
 * projects (tests/import/generate.test.ts covers their code). docs/guides/import.md names them.
 */
const NOT_IN_ROUND_TRIP = ["MultiRegionGroup", "MultiRegionGroupVpc", "Project"];

/** What the emulator holds in every family's collection (its registry): must not change while the program adopts. */
async function liveState() {
  const s = await api.control.state();
  return Object.fromEntries(COLLECTION_KEYS.map((k) => [k, s[k]]));
}

/** The kinds the program adopts: backup schedules only where cim.BackupSchedule takes adoptId. */
const adopted = () =>
  Object.entries(made).filter(([kind]) => kind !== "BackupSchedule" || SCHEDULE_ADOPTION) as [
    string,
    string[],
  ][];
const total = () => adopted().reduce((n, [, ids]) => n + ids.length, 0);

beforeAll(async () => {
  requireToolchain();
  api = await startApi();
  const p = api.emu.regions.find((r) => r.primary)!;
  primary = { id: p.id, name: p.name };
  ({ made, foreignVpc } = await makeLegacyWorld(api, primary));
}, 120_000);

afterAll(async () => {
  await api?.close();
});

/** Runs the command and checks it wrote the program without ever printing the token. */
async function runImport(command: string, args: string[], cwd: string, out: string, narrow: string[] = []) {
  const { stdout, stderr } = await exec(
    command,
    [...args, "import", "--region", primary.name, "--out", out, ...narrow],
    {
      cwd,
      env: { ...process.env, ...api.envVars },
    },
  );
  for (const text of [stdout, stderr]) expect(text).not.toContain(api.token);
  const files = Object.fromEntries(
    ["index.ts", "package.json", "Pulumi.yaml", "tsconfig.json"].map((f) => [
      f,
      fs.readFileSync(path.join(out, f), "utf8"),
    ]),
  );
  for (const text of Object.values(files)) expect(text).not.toContain(api.token);
  return { stdout, files };
}

/** A harness program that runs the generated index.ts (erasable TypeScript, loaded by Node's type stripping). */
function adapter(home: ProgramHome, file: string): string {
  const program = path.join(home.workDir, "imported-program.cjs");
  fs.writeFileSync(
    program,
    `"use strict";
const { pathToFileURL } = require("node:url");
let run = 0;
module.exports = async () => ({ ...(await import(pathToFileURL(${JSON.stringify(file)}).href + "?run=" + run++)) });
`,
  );
  return program;
}

/** up (no mutating request, nothing changes), then preview (no changes), then the state's ids. */
async function adoptAndPreview(home: ProgramHome, programFile: string) {
  const stackName = uniqueStack(`import-${home.label}`);
  const program = adapter(home, programFile);
  const before = await liveState();
  await api.control.resetRequests();
  const run = await stackRun({ home, stackName, program, envVars: api.envVars });
  const [up] = await run([{ op: "up" }]);
  expect(up.summary).toEqual({ create: total() + 1 }); // with the stack
  expect(mutating(await api.control.requests())).toEqual({});
  expect(await liveState()).toEqual(before);

  const [preview, exported] = await run([{ op: "preview" }, { op: "export" }, { op: "rm" }]);
  expect(preview.summary).toEqual({ same: total() + 1 });
  expect(preview.output).not.toMatch(/[+~-] pulumi-nodejs:dynamic/);
  for (const [kind, ids] of adopted()) {
    const recorded = resourcesOf(exported.deployment, `cim:${kind}`);
    expect(recorded.map((r: any) => r.id).sort()).toEqual([...ids].sort());
  }
  expect(mutating(await api.control.requests())).toEqual({});
}

describe("pulumi-cim import", () => {
  it("writes a program that adopts the region's resources: up changes nothing, preview shows no changes", async () => {
    const home = sourceHome("import");
    // The generated folder has its own package.json, as a user's would: pulumi-cim comes from node_modules.
    const link = path.join(home.workDir, "node_modules", "pulumi-cim");
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(repoRoot, link, "dir");
    onTestFinished(() => fs.rmSync(link, { force: true })); // a link back into the repository: not left behind
    const out = path.join(home.workDir, "imported");
    const { stdout, files } = await runImport(process.execPath, [cli], home.workDir, out);

    expect(stdout).toContain(
      `Region ${primary.name} (${primary.id}): 3 instance(s), 2 volume(s), 1 VPC(s), 3 network(s), 1 network ACL list(s), 2 network ACL rule(s), ${SCHEDULE_ADOPTION ? 1 : 0} backup schedule(s), 1 backup(s), 1 instance schedule(s), 1 SSH key pair(s), 2 public IP(s), 1 static NAT(s), 1 volume snapshot(s), 1 instance snapshot(s), 1 VPC private gateway(s), 1 load-balancer rule(s), 1 internal load balancer(s), 1 Kubernetes cluster(s), 2 comment(s), 1 shared file system(s), 1 instance group(s), 0 multi-region group(s), 0 multi-region group member(s), 0 project(s), 1 template(s), 1 template permission set(s), 1 ISO(s) to adopt.`,
    );
    // one live resource at least of every kind the command adopts, but those this round trip leaves out
    expect(Object.keys(made).sort()).toEqual(
      importedKinds()
        .map((k) => k.name)
        .filter((k) => !NOT_IN_ROUND_TRIP.includes(k))
        .sort(),
    );
    for (const [kind, ids] of Object.entries(made)) expect(ids.length, kind).toBeGreaterThan(0);
    const index = files["index.ts"];
    for (const [, ids] of adopted()) for (const id of ids) expect(index).toContain(`adoptId: "${id}"`);
    // The schedule refers to its instance, adopted or (without schedule adoption) shown commented out.
    expect(index).toMatch(/^(\/\/ )?const backupDbDaily = new cim\.BackupSchedule\("db-daily", \{$/m);
    expect(index).toMatch(/^(\/\/ )? {2}instanceId: instanceDb\.id,$/m);
    expect(index).not.toContain(foreignVpc);
    // References between the adopted resources, live values as inputs.
    expect(index).toContain("vpcId: vpcLegacy.id,");
    // ACLs: the list refers to its VPC, its rules to the list, the tier to its list
    expect(index).toMatch(/new cim\.NetworkAclList\("legacy-web", \{[^}]*vpcId: vpcLegacy\.id,/);
    expect(index).toMatch(
      /new cim\.NetworkAclRule\("legacy-web-20", \{[^}]*aclId: aclLegacyWeb\.id,[^}]*icmpType: 8,/,
    );
    expect(index).toMatch(/new cim\.Network\("legacy-app", \{[^}]*aclId: aclLegacyWeb\.id,/);
    expect(index).not.toMatch(/adoptId: .*\n.*\n\s+name: "default_(allow|deny)"/);
    expect(index).toMatch(/networkIds: \[networkLegacyApp\.id, networkLegacyBackend\.id\]/);
    expect(index).toContain("instanceId: instanceDb.id,");
    expect(index).toMatch(/new cim\.VolumeSnapshot\("db-data-nightly", \{[^}]*volumeId: volumeDbData\.id,/);
    expect(index).toMatch(
      /new cim\.InstanceSnapshot\("web-before-upgrade", \{[^}]*instanceId: instanceWeb\.id,\n {2}description: "before 2\.0",\n {2}memory: true,/,
    );
    // the backup refers to its instance, which keeps its backup offering
    expect(index).toMatch(/new cim\.Backup\("db-before-upgrade", \{[^}]*instanceId: instanceDb\.id,/);
    expect(index).toMatch(/backupOfferingId: "[0-9a-f-]{36}", \/\/ Standard/);
    expect(index).toContain("sshKeyNames: [sshKeyLegacyOps.name],");
    expect(index).not.toContain("publicKey:"); // the API shows only the fingerprint: adopted without it
    expect(index).toContain('powerState: "stopped",');
    expect(index).toContain("haEnabled: true,");
    expect(index).toContain("deleteProtection: true,");
    expect(index).toContain("rootDiskSize: 40,");
    expect(index).toContain('tags: { env: "legacy", owner: "ops" },');
    expect(index).toContain("(shared zone network)");
    expect(stdout).toMatch(/not adopted: NetworkAclList default_deny [0-9a-f-]{36} \(a VPC's default list/);
    // the static NAT refers to its address, instance and tier (it shares the address's id)
    expect(index).toMatch(
      /publicIpId: publicIpIp[\d]+\.id,\n {2}instanceId: instanceWeb\.id,\n {2}networkId: networkLegacyApp\.id,/,
    );
    expect(index).toContain('tags: { role: "front" },');
    // the gateway refers to its VPC and its ACL list
    expect(index).toMatch(
      /new cim\.VpcGateway\("legacy-gw-172-16-0-2", \{[^}]*vpcId: vpcLegacy\.id,[^}]*vlan: 100,\n {2}aclId: aclLegacyWeb\.id,/,
    );
    // the balancers refer to their address or tier and their members, the cluster to its network and key pair,
    // the power schedule to its instance
    expect(index).toMatch(
      /new cim\.LoadBalancerRule\("legacy-lb", \{[^}]*publicIpId: publicIp\w+\.id,[^}]*memberIds: \[instanceDb\.id\],/,
    );
    expect(index).toMatch(
      /new cim\.InternalLoadBalancer\("legacy-pg", \{[^}]*networkId: networkLegacyInside\.id,[^}]*sourceIpAddress: "10\.20\.2\.10",/,
    );
    expect(index).toMatch(
      /new cim\.KubernetesCluster\("legacy-k8s", \{[^}]*networkId: networkLegacyBackend\.id,[^}]*keyPair: sshKeyLegacyOps\.name,/,
    );
    expect(index).toMatch(
      /new cim\.InstanceSchedule\("[\w-]+", \{[^}]*instanceId: instanceDb\.id,[^}]*schedule: "0 6 \* \* MON-FRI",/,
    );
    expect(index).toContain("source-NAT address (made and released with its network or VPC)");
    // comments refer to the resource they are on
    expect(index).toMatch(
      /new cim\.Comment\("db-data-comment", \{[^}]*volumeId: volumeDbData\.id,\n {2}text: "restore tested weekly",/,
    );
    expect(index).toMatch(
      /new cim\.Comment\("[\w-]+-comment", \{[^}]*networkId: network\w+\.id,\n {2}text: "legacy: do not extend",/,
    );
    // the web instance names its adopted group by the group's name output; the file system refers to its network
    expect(index).toMatch(/new cim\.Instance\("web", \{[^}]*group: groupLegacyWeb\.name,/);
    expect(index).toMatch(
      /new cim\.FileSystem\("legacy-files", \{[^}]*networkId: networkLegacyBackend\.id,[^}]*size: 10,[^}]*filesystem: "EXT4",/,
    );
    // the account's template: the jump host and the template's permissions refer to it
    expect(index).toMatch(/new cim\.Instance\("jump-host", \{[^}]*templateId: templateLegacyGolden\.id,/);
    expect(index).toMatch(
      /new cim\.TemplatePermissions\("legacy-golden-permissions", \{[^}]*templateId: templateLegacyGolden\.id,\n {2}isExtractable: true,/,
    );
    expect(index).toMatch(
      /new cim\.Iso\("legacy-rescue", \{[^}]*url: "https:\/\/images\.example\.com\/rescue\.iso",/,
    );
    // run from a source checkout, the program depends on that checkout's folder, which holds pulumi-cim
    const spec = JSON.parse(files["package.json"]).dependencies["pulumi-cim"];
    expect(spec).toBe(`file:${repoRoot}`);
    expect(JSON.parse(fs.readFileSync(path.join(spec.slice(5), "package.json"), "utf8")).name).toBe(
      "pulumi-cim",
    );

    // The program compiles as the usual Pulumi TypeScript project would compile it.
    await exec(
      process.execPath,
      [path.join(repoRoot, "node_modules", "typescript", "bin", "tsc"), "-p", out, "--noEmit"],
      {
        cwd: out,
      },
    );

    await adoptAndPreview({ ...home, sdk: "pulumi-cim" }, path.join(out, "index.ts"));
  }, 300_000);

  it("works as users run it: npx pulumi-cim import in a project that installed the package, then npm install and up in the program's folder", async () => {
    const home = await installedHome("import");
    // outside the project that ran the command: only the program's own npm install can provide pulumi-cim
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "cim-imported-"));
    onTestFinished(() => fs.rmSync(out, { recursive: true, force: true }));
    const { stdout, files } = await runImport("npx", ["--no-install", "pulumi-cim"], home.workDir, out);
    // the pulumi-cim that ran: the tarball the project installed (not a version range the registry lacks)
    expect(JSON.parse(files["package.json"]).dependencies["pulumi-cim"]).toBe(`file:${await packOnce()}`);
    // the printed next steps, as a user follows them: npm install there, then pulumi up and preview
    expect(stdout).toContain("&& npm install");
    await exec("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--no-package-lock"], {
      cwd: out,
    });
    await adoptAndPreview(
      { workDir: out, sdk: "pulumi-cim", label: "installed" },
      path.join(out, "index.ts"),
    );
  }, 480_000);

  it("--id adopts the one volume wanted: up records it alone, referring to its instance by id", async () => {
    const home = sourceHome("import-one");
    const link = path.join(home.workDir, "node_modules", "pulumi-cim");
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(repoRoot, link, "dir");
    onTestFinished(() => fs.rmSync(link, { force: true }));
    const out = path.join(home.workDir, "imported");
    const [data] = made.Volume;
    const { stdout, files } = await runImport(process.execPath, [cli], home.workDir, out, ["--id", data]);
    expect(stdout).toContain(`selected by id ${data}: 1 volume(s) to adopt.`);
    const index = files["index.ts"];
    expect(index.match(/new cim\.\w+\(/g)).toEqual(["new cim.Volume("]);
    expect(index).toContain(`adoptId: "${data}",`);
    expect(index).toMatch(/instanceId: "[0-9a-f-]{36}", \/\/ instance legacy-db/);

    const stackName = uniqueStack("import-one");
    const program = adapter({ ...home, sdk: "pulumi-cim" }, path.join(out, "index.ts"));
    await api.control.resetRequests();
    const run = await stackRun({
      home: { ...home, sdk: "pulumi-cim" },
      stackName,
      program,
      envVars: api.envVars,
    });
    const [up, preview, exported] = await run([
      { op: "up" },
      { op: "preview" },
      { op: "export" },
      { op: "rm" },
    ]);
    expect(up.summary).toEqual({ create: 2 }); // the stack and the volume
    expect(preview.summary).toEqual({ same: 2 });
    expect(resourcesOf(exported.deployment, "cim:Volume").map((r: any) => r.id)).toEqual([data]);
    expect(mutating(await api.control.requests())).toEqual({});
  }, 300_000);

  it("refuses to overwrite an earlier import, and says what is missing without printing secrets", async () => {
    const home = sourceHome("import-errors");
    const out = path.join(home.workDir, "imported");
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, "index.ts"), "// mine\n");
    const env = { ...process.env, ...api.envVars };
    const run = (args: string[], extra: Record<string, string | undefined> = {}) =>
      exec(process.execPath, [cli, ...args], { cwd: home.workDir, env: { ...env, ...extra } }).then(
        () => ({ code: 0, stderr: "" }),
        (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
      );
    const exists = await run(["import", "--region", primary.id, "--out", out]);
    expect(exists.code).toBe(1);
    expect(exists.stderr).toContain("already has index.ts; give --force to overwrite");
    expect(exists.stderr).not.toContain("usage:"); // a refusal, not a misuse: no usage after it
    expect(fs.readFileSync(path.join(out, "index.ts"), "utf8")).toBe("// mine\n");

    const noRegion = await run(["import", "--out", out], { CIM_REGION: undefined });
    expect(noRegion.stderr).toContain("--region is required");
    // a misuse shows the command's own usage, not every command's
    expect(noRegion.stderr).toContain("usage: pulumi-cim import");
    expect(noRegion.stderr).not.toContain("usage: pulumi-cim doctor");
    const noToken = await run(["import", "--region", primary.id, "--out", out], { CIM_TOKEN: "" });
    expect(noToken.stderr).toContain("the access token is missing");
    const unknown = await run(["import", "--region", "nowhere", "--out", out, "--force"]);
    expect(unknown.stderr).toContain('no region "nowhere"; the regions are:');
    const badKind = await run(["import", "--region", primary.id, "--out", out, "--force", "--kind", "Disk"]);
    expect(badKind.code).toBe(1);
    expect(badKind.stderr).toMatch(
      /--kind Disk: pulumi-cim import adopts no such kind; the kinds are .*Volume/,
    );
    const noSuchId = await run([
      "import",
      "--region",
      primary.id,
      "--out",
      out,
      "--force",
      "--id",
      foreignVpc,
    ]);
    expect(noSuchId.stderr).toContain(
      `--id ${foreignVpc}: nothing pulumi-cim import adopts has it in region`,
    );
    expect(fs.readFileSync(path.join(out, "index.ts"), "utf8")).toBe("// mine\n");
    for (const r of [exists, noRegion, noToken, unknown, badKind, noSuchId])
      expect(r.stderr).not.toContain(api.token);
  }, 60_000);
});
