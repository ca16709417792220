// `pulumi-cim import` end to end: resources made straight through the API (no Pulumi), the command writes a
// program, `pulumi up` of that program adopts everything without a single mutating request, and `pulumi
// preview` afterwards shows no changes. Once from the source tree (node dist/…/cli.js) and once as users run
// it, `npx pulumi-cim import` from a project that installed the packed package.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { COLLECTION_KEYS } from "../../emulator/families";
import type { AcceptedMutation, AclRuleInput } from "../../provider/client";
import { SCHEDULE_ADOPTION } from "../../provider/import/generate";
import { ED25519 } from "../fixtures/sshKeys";
import {
  installedHome,
  type ProgramHome,
  repoRoot,
  requireToolchain,
  runPulumi,
  sourceHome,
} from "../harness";
import { mutating, resourcesOf, startApi, type TestApi, uniqueStack } from "./support";

const exec = promisify(execFile);
const cli = path.join(repoRoot, "dist", "provider", "import", "cli.js");

let api: TestApi;
let primary: { id: string; name: string };
/** Live ids by kind, as created below. */
const made: Record<string, string[]> = {
  SshKeyPair: [],
  Vpc: [],
  Network: [],
  NetworkAclList: [],
  NetworkAclRule: [],
  Instance: [],
  Volume: [],
  BackupSchedule: [],
  PublicIp: [],
  StaticNat: [],
  VolumeSnapshot: [],
  InstanceSnapshot: [],
  VpcGateway: [],
  Backup: [],
  Comment: [],
};
let foreignVpc: string;

const fast = { firstDelayMs: 0, minIntervalMs: 10, maxIntervalMs: 20 };

/** What the emulator holds in every family's collection (its registry): must not change while the program adopts. */
async function liveState() {
  const s = await api.control.state();
  return Object.fromEntries(COLLECTION_KEYS.map((k) => [k, s[k]]));
}

/** The existing infrastructure, made through the API as another tool (or the console) would. */
async function createInfrastructure() {
  const c = api.client;
  const region = { region: primary.id };
  const wait = async (a: AcceptedMutation) => {
    await c.jobs.wait(a, fast);
    return a.id!;
  };
  const byName = <T extends { id: string; name?: string }>(rows: T[], name: string) => {
    const row = rows.find((r) => r.name === name);
    if (!row) throw new Error(`no ${name} in the emulator's catalogue`);
    return row.id;
  };
  const zoneId = byName(await c.catalogue.zones(region), "de-fra-1a");
  const templateId = byName(await c.catalogue.templates(region), "Ubuntu 22.04 LTS");
  const offerings = await c.catalogue.computeOfferings({}, region);
  const custom = byName(await c.catalogue.diskOfferings(region), "Custom");
  const netOfferings = await c.catalogue.networkOfferings(region);
  const tierOffering = netOfferings.find((o) => o.forVpc === true)!.id;
  const isolatedOffering = netOfferings.find((o) => o.forVpc === false)!.id;
  const vpcOfferingId = (await c.catalogue.vpcOfferings(region))[0].id;

  const key = await c.sshKeyPairs.register({ name: "legacy-ops", publicKey: ED25519 }, region);

  const vpc = await wait(
    await c.vpcs.create(
      { name: "legacy", displayText: "legacy VPC", zoneId, cidr: "10.20.0.0/16", vpcOfferingId },
      region,
    ),
  );
  await c.tags.add({ kind: "vpc", id: vpc }, { env: "legacy", owner: "ops" }, region);
  // The web tier's own ACL list with two rules; the VPC's default lists are the platform's (not adopted).
  const acl = await wait(
    await c.networkAcls.createList({ name: "legacy-web", description: "web", vpcId: vpc }, region),
  );
  const rule = (r: Omit<AclRuleInput, "aclId">) =>
    c.networkAcls.createRule({ aclId: acl, ...r }, region).then(wait);
  const https = await rule({
    number: 10,
    protocol: "tcp",
    startPort: 443,
    endPort: 443,
    cidrList: ["0.0.0.0/0"],
    action: "allow",
    trafficType: "ingress",
  });
  const noPing = await rule({
    number: 20,
    protocol: "icmp",
    icmpType: 8,
    icmpCode: 0,
    cidrList: ["0.0.0.0/0"],
    action: "deny",
    trafficType: "egress",
    reason: "no ping out",
  });
  const tier = await wait(
    await c.networks.create(
      {
        name: "legacy-app",
        displayText: "app tier",
        zoneId,
        networkOfferingId: tierOffering,
        vpcId: vpc,
        gateway: "10.20.1.1",
        netmask: "255.255.255.0",
        aclId: acl,
      },
      region,
    ),
  );
  const isolated = await wait(
    await c.networks.create(
      { name: "legacy-backend", displayText: "backend", zoneId, networkOfferingId: isolatedOffering },
      region,
    ),
  );
  await c.tags.add({ kind: "network", id: isolated }, { env: "legacy" }, region);

  const web = await wait(
    await c.instances.create(
      {
        zoneId,
        templateId,
        serviceOfferingId: byName(offerings, "Small"),
        name: "legacy-web",
        displayName: "web",
        networkIds: [tier],
        sshKeyNames: ["legacy-ops"],
      },
      region,
    ),
  );
  await c.tags.add({ kind: "instance", id: web }, { env: "legacy", role: "web" }, region);
  const db = await wait(
    await c.instances.create(
      {
        zoneId,
        templateId,
        serviceOfferingId: byName(offerings, "Medium"),
        name: "legacy-db",
        displayName: "db",
        networkIds: [tier, isolated],
        rootDiskSize: 40,
        startVm: false,
      },
      region,
    ),
  );
  await c.instances.update(db, { haEnabled: true }, region);
  // On the zone's shared network (no networkIds), protected from deletion.
  const jump = await wait(
    await c.instances.create(
      { zoneId, templateId, serviceOfferingId: byName(offerings, "Small"), displayName: "jump host" },
      region,
    ),
  );
  await c.instances.update(jump, { deleteProtection: true }, region);

  const data = await wait(
    await c.volumes.create({ name: "db-data", zoneId, diskOfferingId: custom, size: 20 }, region),
  );
  await c.jobs.wait(await c.volumes.attach(data, db, region), fast);
  await c.tags.add({ kind: "volume", id: data }, { env: "legacy" }, region);
  const spare = await wait(
    await c.volumes.create({ name: "spare", zoneId, diskOfferingId: custom, size: 5 }, region),
  );
  // schedules and backups need the instance's backup offering
  const [standard] = await c.catalogue.backupOfferings({ zoneId }, region);
  await c.jobs.wait(await c.instances.assignBackupOffering(db, standard.id, region), fast);
  const nightly = await c.backupSchedules.create(
    { vmId: db, intervalType: "DAILY", schedule: "30:02", timezone: "UTC" },
    region,
  );
  const beforeUpgrade = await wait(await c.backups.create({ vmId: db, name: "db-before-upgrade" }, region));

  // A VPC address mapped onto the web instance, and an isolated network's spare address. The VPC and the
  // isolated network have their source-NAT addresses too: those go with them and are not adopted.
  const front = await wait(await c.publicIps.acquire({ vpcId: vpc }, region));
  await c.tags.add({ kind: "publicIp", id: front }, { role: "front" }, region);
  await c.jobs.wait(
    await c.publicIps.enableStaticNat(front, { virtualMachineId: web, networkId: tier }, region),
    fast,
  );
  const spareIp = await wait(await c.publicIps.acquire({ networkId: isolated }, region));
  // Comments on the data volume and the isolated network, adopted referring to them.
  const notes = [
    await c.comments.add({ kind: "volume", id: data }, { annotation: "restore tested weekly" }, region),
    await c.comments.add({ kind: "network", id: isolated }, { annotation: "legacy: do not extend" }, region),
  ];
  // A snapshot of the database's data volume, and the web instance's disks and memory.
  const dataSnap = await wait(
    await c.volumeSnapshots.create({ volumeId: data, name: "db-data-nightly" }, region),
  );
  const webState = await wait(
    await c.instanceSnapshots.create(
      { virtualMachineId: web, name: "web-before-upgrade", description: "before 2.0", snapshotMemory: true },
      region,
    ),
  );
  // A private gateway of the VPC on its own ACL list (the VLAN read back as text, adopted as a number).
  const link = await wait(
    await c.privateGateways.create(
      {
        vpcId: vpc,
        ipAddress: "172.16.0.2",
        gateway: "172.16.0.1",
        netmask: "255.255.255.0",
        vlan: 100,
        aclId: acl,
      },
      region,
    ),
  );

  made.SshKeyPair.push(key.id!);
  made.PublicIp.push(front, spareIp);
  made.StaticNat.push(front);
  made.VpcGateway.push(link);
  made.Vpc.push(vpc);
  made.Network.push(tier, isolated);
  made.NetworkAclList.push(acl);
  made.NetworkAclRule.push(https, noPing);
  made.Instance.push(web, db, jump);
  made.Volume.push(data, spare);
  made.BackupSchedule.push(nightly.id!);
  made.VolumeSnapshot.push(dataSnap);
  made.InstanceSnapshot.push(webState);
  made.Backup.push(beforeUpgrade);
  made.Comment.push(...notes.map((n) => n.id!));

  // Another region's VPC: not part of the import of this region.
  const secondary = api.emu.regions.find((r) => !r.primary)!;
  const other = { region: secondary.id };
  foreignVpc = await wait(
    await c.vpcs.create(
      {
        name: "elsewhere",
        displayText: "other region",
        zoneId: (await c.catalogue.zones(other))[0].id,
        cidr: "10.30.0.0/16",
        vpcOfferingId: (await c.catalogue.vpcOfferings(other))[0].id,
      },
      other,
    ),
  );
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
  await createInfrastructure();
}, 120_000);

afterAll(async () => {
  await api?.close();
});

/** Runs the command and checks it wrote the program without ever printing the token. */
async function runImport(command: string, args: string[], cwd: string, out: string) {
  const { stdout, stderr } = await exec(
    command,
    [...args, "import", "--region", primary.name, "--out", out],
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
  const [up] = await runPulumi({ home, stackName, program, steps: [{ op: "up" }], envVars: api.envVars });
  expect(up.summary).toEqual({ create: total() + 1 }); // with the stack
  expect(mutating(await api.control.requests())).toEqual({});
  expect(await liveState()).toEqual(before);

  const [preview, exported] = await runPulumi({
    home,
    stackName,
    program,
    steps: [{ op: "preview" }, { op: "export" }, { op: "rm" }],
    envVars: api.envVars,
  });
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
      `Region ${primary.name} (${primary.id}): 3 instance(s), 2 volume(s), 1 VPC(s), 2 network(s), 1 network ACL list(s), 2 network ACL rule(s), ${SCHEDULE_ADOPTION ? 1 : 0} backup schedule(s), 1 backup(s), 0 instance schedule(s), 1 SSH key pair(s), 2 public IP(s), 1 static NAT(s), 1 volume snapshot(s), 1 instance snapshot(s), 1 VPC private gateway(s), 0 load-balancer rule(s), 0 internal load balancer(s), 0 Kubernetes cluster(s), 2 comment(s) to adopt.`,
    );
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
    expect(index).toContain("source-NAT address (made and released with its network or VPC)");
    // comments refer to the resource they are on
    expect(index).toMatch(
      /new cim\.Comment\("db-data-comment", \{[^}]*volumeId: volumeDbData\.id,\n {2}text: "restore tested weekly",/,
    );
    expect(index).toMatch(
      /new cim\.Comment\("[\w-]+-comment", \{[^}]*networkId: network\w+\.id,\n {2}text: "legacy: do not extend",/,
    );
    expect(JSON.parse(files["package.json"]).dependencies["pulumi-cim"]).toMatch(/^\^\d/);

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

  it("works as users run it: npx pulumi-cim import in a project that installed the package", async () => {
    const home = await installedHome("import");
    const out = path.join(home.workDir, "imported");
    await runImport("npx", ["--no-install", "pulumi-cim"], home.workDir, out);
    await adoptAndPreview(home, path.join(out, "index.ts"));
  }, 480_000);

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
    expect(fs.readFileSync(path.join(out, "index.ts"), "utf8")).toBe("// mine\n");

    const noRegion = await run(["import", "--out", out], { CIM_REGION: undefined });
    expect(noRegion.stderr).toContain("--region is required");
    const noToken = await run(["import", "--region", primary.id, "--out", out], { CIM_TOKEN: "" });
    expect(noToken.stderr).toContain("the access token is missing");
    const unknown = await run(["import", "--region", "nowhere", "--out", out, "--force"]);
    expect(unknown.stderr).toContain('no region "nowhere"; the regions are:');
    for (const r of [exists, noRegion, noToken, unknown]) expect(r.stderr).not.toContain(api.token);
  }, 60_000);
});
