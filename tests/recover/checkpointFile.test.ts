// `pulumi-cim recover` on a file backend whose stack a killed CLI left unreadable: the checkpoint's metadata file
// empty, every command failing with "failed to load checkpoint: EOF" (found by the soak: a CLI killed midway
// through an up). The real Pulumi CLI on a backend folder of the test's own.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import { recoverCommand } from "../../provider/recover";

const exec = promisify(execFile);
const saved = process.env.PULUMI_BACKEND_URL;
let dir: string;
let project: string;
const stack = "unreadable";

const pulumi = (...args: string[]) => {
  const root = process.env.CIM_PULUMI_ROOT;
  if (!root) throw new Error("needs the bootstrapped Pulumi CLI: run the tests through `npm test`");
  return exec(path.join(root, "bin", "pulumi"), [...args, "--non-interactive"], {
    cwd: project,
    env: { ...process.env },
  });
};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "cim-ckpt-"));
  project = path.join(dir, "project");
  fs.mkdirSync(project);
  fs.mkdirSync(path.join(dir, "backend"));
  fs.writeFileSync(path.join(project, "Pulumi.yaml"), "name: ckpt-test\nruntime: nodejs\n");
  process.env.PULUMI_BACKEND_URL = `file://${path.join(dir, "backend")}`;
  await pulumi("stack", "init", stack);
  // what a CLI killed between creating the metadata file and writing it leaves
  const attrs = path.join(dir, "backend", ".pulumi", "stacks", "ckpt-test", `${stack}.json.attrs`);
  expect(fs.existsSync(attrs)).toBe(true);
  fs.writeFileSync(attrs, "");
}, 60_000);
afterAll(() => {
  if (saved === undefined) delete process.env.PULUMI_BACKEND_URL;
  else process.env.PULUMI_BACKEND_URL = saved;
  fs.rmSync(dir, { recursive: true, force: true });
});

async function recover(...args: string[]) {
  let printed = "";
  const code = await recoverCommand(["--cwd", project, "--stack", stack, ...args], {
    out: (s) => {
      printed += s;
    },
  });
  return { code, printed };
}

test("an empty checkpoint metadata file: named in a dry run, removed with --yes, and the stack reads again", async () => {
  await expect(pulumi("stack", "export", "--stack", stack)).rejects.toThrow(/failed to load checkpoint: EOF/);

  const dry = await recover();
  expect(dry.code).toBe(1);
  expect(dry.printed).toMatch(
    new RegExp(
      `checkpoint of stack ${stack} cannot be read: its metadata file .*${stack}\\.json\\.attrs is empty`,
    ),
  );
  expect(dry.printed).toContain("Run again with --yes to remove that file");
  await expect(pulumi("stack", "export", "--stack", stack)).rejects.toThrow(/EOF/);

  const fixed = await recover("--yes");
  expect(fixed.printed).toContain("Removed it: the stack reads again.");
  expect(fixed.printed).toContain(
    `Stack ${stack}: no pending create of a pulumi-cim resource. Nothing to do.`,
  );
  expect(fixed.code).toBe(0);
  const exported = JSON.parse((await pulumi("stack", "export", "--stack", stack)).stdout);
  expect(exported.version).toBe(3);
}, 60_000);
