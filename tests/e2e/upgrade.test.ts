// State written by the previous release is read by this one without changes. The previous layout (before
// kinds were declared once, provider/kinds/) is built from git at PREVIOUS and installed into a program
// folder like any user's; that release's own quickstart is deployed with it; then the package is upgraded in
// place to this checkout's and preview, up and refresh of the same, unchanged program must show nothing to do
// and make no API call that changes anything.
//
// The previous quickstart schedules backups of an instance it gives no backup offering, which the platform
// refuses (CloudStack's createBackupSchedule needs the instance's offering); a user of that release had to
// put the instance under an offering outside the program. The test does the same: a first `up` without the
// schedule, the offering assigned through the API, then the whole program.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { installedHome, packOnce, repoRoot, runPulumi, stackRun } from "../harness";
import { mine, mutating, resourcesOf, uniqueStack, useApi } from "./support";

const exec = promisify(execFile);

/** The last commit of the previous layout (provider/resources/*, hand-written SDK classes). */
const PREVIOUS = "4ca301061395b55865bcf798130e6ea981db6c29";

/** The toolchain's cache (scripts/bootstrap.sh): it outlives checkouts, so a warm CI run builds this once. */
const CACHE =
  process.env.CIM_CACHE_DIR ??
  path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "pulumi-cim");

/**
 * The previous release as an npm tarball: its sources from git, built with this checkout's toolchain. Kept in
 * the cache, keyed by the commit and the TypeScript version that built it (both decide its bytes).
 */
async function previousTarball(): Promise<string> {
  const tsc = JSON.parse(
    fs.readFileSync(path.join(repoRoot, "node_modules", "typescript", "package.json"), "utf8"),
  ).version;
  const dir = path.join(CACHE, "upgrade", `${PREVIOUS.slice(0, 12)}-ts${tsc}`);
  const done = path.join(dir, "tarball.txt");
  if (fs.existsSync(done) && fs.existsSync(fs.readFileSync(done, "utf8")))
    return fs.readFileSync(done, "utf8");
  const src = path.join(dir, "src");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(src, { recursive: true });
  const archive = path.join(dir, "src.tar");
  await exec("git", ["-C", repoRoot, "archive", "--format=tar", "-o", archive, PREVIOUS]);
  await exec("tar", ["-xf", archive, "-C", src]);
  fs.symlinkSync(path.join(repoRoot, "node_modules"), path.join(src, "node_modules"), "dir");
  await exec(
    process.execPath,
    [path.join(repoRoot, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.build.json"],
    {
      cwd: src,
    },
  );
  const { stdout } = await exec("npm", ["pack", "--json", "--pack-destination", dir], { cwd: src });
  const tarball = path.join(dir, JSON.parse(stdout)[0].filename);
  // Only the tarball is kept: the sources link to this checkout's node_modules, which may not outlive it.
  fs.rmSync(src, { recursive: true, force: true });
  fs.rmSync(archive, { force: true });
  fs.writeFileSync(done, tarball);
  return tarball;
}

/**
 * The previous release's quickstart as its users have it, copied into the program folder (with the backup
 * schedule left out when `schedule` is false), and the adapter that runs it as an inline program.
 */
async function previousQuickstart(workDir: string, schedule: boolean): Promise<string> {
  const { stdout } = await exec("git", ["-C", repoRoot, "show", `${PREVIOUS}:examples/quickstart/index.ts`]);
  let text = stdout;
  if (!schedule) {
    const start = text.indexOf('const nightly = new cim.BackupSchedule("db-nightly"');
    const end = text.indexOf("});\n", start) + 4;
    if (start < 0 || end < 4) throw new Error("the previous quickstart has no db-nightly schedule");
    text = (text.slice(0, start) + text.slice(end)).replace(
      "export const backupScheduleId = nightly.id;\n",
      "",
    );
    if (/\bnightly\./.test(text)) throw new Error("the previous quickstart still names its schedule");
  }
  const dir = path.join(workDir, schedule ? "quickstart" : "quickstart-unscheduled");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "index.ts"), text);
  const adapter = path.join(workDir, `${path.basename(dir)}-program.cjs`);
  fs.writeFileSync(
    adapter,
    `"use strict";
const { pathToFileURL } = require("node:url");
let run = 0;
module.exports = async () => ({ ...(await import(pathToFileURL(${JSON.stringify(path.join(dir, "index.ts"))}).href + "?run=" + run++)) });
`,
  );
  return adapter;
}

const api = useApi();

it("reads a stack the previous release deployed: preview, up and refresh change nothing", async () => {
  const home = await installedHome("upgrade", await previousTarball());
  const program = await previousQuickstart(home.workDir, true);
  const stackName = uniqueStack("upgrade");
  const run = (steps: Parameters<typeof runPulumi>[0]["steps"], prog = program) =>
    runPulumi({ home, stackName, program: prog, steps, envVars: api().envVars });

  // deployed as its user had to: the instances first, the db instance put under a backup offering outside
  // the program, then the whole program with its schedule
  const [first, firstExport] = await run(
    [{ op: "up" }, { op: "export" }],
    await previousQuickstart(home.workDir, false),
  );
  expect(first.summary).toMatchObject({ create: 6 });
  const c = api().client;
  const [db] = resourcesOf(firstExport.deployment, "cim:Instance").filter((r: any) => r.urn.endsWith("::db"));
  const [offering] = await c.catalogue.backupOfferings({ zoneId: db.outputs.zoneId });
  await c.jobs.wait(await c.instances.assignBackupOffering(db.id, offering.id), { firstDelayMs: 0 });
  const [deployed, before] = await run([{ op: "up" }, { op: "export" }]);
  expect(deployed.summary).toMatchObject({ create: 1, same: 6 });
  const instances = mine((await api().control.state()).instances).length;

  // upgrade the package in place, as `npm install pulumi-cim@latest` would
  await exec(
    "npm",
    [
      "install",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      "--no-package-lock",
      `file:${await packOnce()}`,
    ],
    {
      cwd: home.workDir,
    },
  );
  const installed = JSON.parse(
    fs.readFileSync(path.join(home.workDir, "node_modules", "pulumi-cim", "package.json"), "utf8"),
  );
  expect(
    fs.existsSync(path.join(home.workDir, "node_modules", "pulumi-cim", "dist", "provider", "kinds")),
  ).toBe(true);
  expect(installed.name).toBe("pulumi-cim");

  // one runner for what this release does with the stack (the earlier ones loaded the previous release)
  const upgraded = await stackRun({ home, stackName, program, envVars: api().envVars });
  await api().control.resetRequests();
  const [preview, up, refresh, after] = await upgraded([
    { op: "preview" },
    { op: "up" },
    { op: "refresh" },
    { op: "export" },
  ]);
  expect(preview.summary).toEqual({ same: 7 });
  expect(up.summary).toEqual({ same: 7 });
  expect(refresh.summary).toEqual({ same: 7 });
  expect(mutating(await api().control.requests())).toEqual({});
  expect(mine((await api().control.state()).instances)).toHaveLength(instances);

  // the outputs the previous release recorded are the ones this release reads back
  const outputs = (d: unknown) =>
    Object.fromEntries(
      resourcesOf(d, "cim:").map((r: any) => {
        const { __provider: _p, ...rest } = r.outputs;
        return [r.urn, rest];
      }),
    );
  expect(outputs(after.deployment)).toEqual(outputs(before.deployment));

  const [destroyed] = await upgraded([{ op: "destroy" }, { op: "rm" }]);
  expect(destroyed.summary).toEqual({ delete: 7 });
}, 600_000);
