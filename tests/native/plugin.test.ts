// The plugin executable as Pulumi runs it: bin/pulumi-resource-cim (also through a symlink, as node_modules/.bin
// links it) prints the port of its gRPC server on the first line and nothing else, answers GetPluginInfo with the
// package's version, and `pulumi package get-schema` on it returns the package schema.
import { type ChildProcess, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as readline from "node:readline";
import * as grpc from "@grpc/grpc-js";
import { ResourceProviderClient } from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { afterEach, expect, it } from "vitest";
import { nativeFunctions } from "../../provider/lookups";
import { packageSchema } from "../../provider/schema";
import { repoRoot } from "../harness";
import { pulumiCli } from "./support";

const bin = path.join(repoRoot, "bin", "pulumi-resource-cim");
const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8"));
const started: ChildProcess[] = [];

afterEach(() => {
  for (const p of started.splice(0)) p.kill();
});

/**
 * Starts the plugin at `file`; resolves with its first line of output and what follows (and what it wrote to
 * stderr so far). `env`: its environment instead of this process's.
 */
function start(
  file: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ port: string; more: () => string; stderr: () => string }> {
  const child = spawn(file, ["127.0.0.1:1"], { stdio: ["ignore", "pipe", "pipe"], env });
  started.push(child);
  let more = "";
  let stderr = "";
  child.stderr!.on("data", (d) => {
    stderr += d;
  });
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once("line", (port) => {
      lines.on("line", (l) => {
        more += `${l}\n`;
      });
      resolve({ port, more: () => more, stderr: () => stderr });
    });
    child.once("exit", (code) => reject(new Error(`the plugin exited ${code}`)));
  });
}

it("is executable, prints its port first, answers GetPluginInfo with the package version, and UNIMPLEMENTED for what it does not serve", async () => {
  expect(fs.statSync(bin).mode & 0o777).toBe(0o755);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cim-plugin-"));
  const link = path.join(dir, "pulumi-resource-cim");
  fs.symlinkSync(bin, link);
  for (const file of [bin, link]) {
    const { port, more } = await start(file);
    expect(port).toMatch(/^\d+$/);
    const client = new ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    const info = await new Promise<any>((resolve, reject) =>
      client.getPluginInfo(new Empty(), (err, res) => (err ? reject(err) : resolve(res))),
    );
    expect(info.getVersion()).toBe(pkg.version);
    // what it does not serve is UNIMPLEMENTED (the engine's "not supported"); an unknown function is named
    const call = (method: "construct" | "invoke", req: unknown) =>
      new Promise<any>((resolve) => (client as any)[method](req, (err: any) => resolve(err)));
    expect((await call("construct", new provproto.ConstructRequest())).code).toBe(grpc.status.UNIMPLEMENTED);
    const invoke = new provproto.InvokeRequest().setTok("cim:index:getNothing");
    expect((await call("invoke", invoke)).details).toMatch(
      /^pulumi-cim has no function "cim:index:getNothing"/,
    );
    client.close();
    expect(more()).toBe("");
  }
  expect(pkg.files).toContain("bin/");
}, 60_000);

it("starts without the lookups (and @pulumi/pulumi's index they load) and loads them at the first call that needs them", async () => {
  // Every plugin process of every `pulumi up`, `preview` and `refresh` would pay for loading them before its port.
  const watch = path.join(__dirname, "programs", "loadWatch.cjs");
  const { port, stderr } = await start(bin, {
    ...process.env,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --require ${watch}`,
  });
  const client = new ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  const invoke = (tok: string) =>
    new Promise<any>((resolve) =>
      client.invoke(new provproto.InvokeRequest().setTok(tok), (err) => resolve(err)),
    );
  await new Promise<void>((resolve, reject) =>
    client.getPluginInfo(new Empty(), (err) => (err ? reject(err) : resolve())),
  );
  expect(stderr()).toBe("loadWatch: port written\n");
  // the first Invoke loads them: the unknown function's error lists the functions there are
  const err = await invoke("cim:index:getNothing");
  expect(err.details).toMatch(/its functions are .*cim:index:getZone/);
  expect(stderr()).toBe("loadWatch: port written\nloadWatch: @pulumi/pulumi loaded\n");
  client.close();
}, 60_000);

it("gives its schema to pulumi package get-schema", async () => {
  const { stdout } = await pulumiCli(
    { workDir: os.tmpdir(), sdk: "", label: "source" },
    ["package", "get-schema", bin],
    {},
  );
  // the CLI loads and writes the schema again, leaving out empty lists and maps
  expect(JSON.parse(stdout)).toEqual(pruned(packageSchema(nativeFunctions)));
}, 60_000);

/** Whether process `pid` still runs (an ended one its new parent has not reaped yet, a zombie, does not). */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
};

it("exits when the process that started it is killed with SIGKILL (an engine gone without ending it)", async () => {
  // a short-lived parent standing for the CLI: it starts the plugin, says its pid, and waits
  const parent = spawn("sh", ["-c", '"$0" 127.0.0.1:1 & echo "$!"; wait', bin], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  started.push(parent);
  const lines = readline.createInterface({ input: parent.stdout! });
  const got: string[] = [];
  await new Promise<void>((resolve, reject) => {
    lines.on("line", (l) => {
      got.push(l);
      if (got.length === 2) resolve(); // its pid, then its port: it is serving
    });
    parent.once("exit", () => reject(new Error("the parent ended first")));
  });
  const pid = Number(got[0]);
  expect(alive(pid)).toBe(true);
  parent.kill("SIGKILL");
  // it looks at its parent every second; the wait is long for a machine busy with the rest of the suite
  const until = Date.now() + 20_000;
  while (alive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  const left = alive(pid) ? statOf(pid) : undefined;
  if (left) process.kill(pid, "SIGKILL");
  expect(left, "the plugin still runs 20 s after its parent was killed (its /proc stat)").toBeUndefined();
}, 45_000);

/** The state and parent pid of process `pid` as /proc shows them, undefined once it is gone. */
const statOf = (pid: number): string | undefined => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return `state ${state}, parent ${ppid}`;
  } catch {
    return undefined;
  }
};

/** The value without empty lists and maps (at any depth). */
function pruned(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(pruned);
  if (v && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const p = pruned(x);
      if (p === undefined || (p && typeof p === "object" && Object.keys(p).length === 0)) continue;
      out[k] = p;
    }
    return out;
  }
  return v;
}
