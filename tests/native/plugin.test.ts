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

/** Starts the plugin at `file`; resolves with its first line of output and what follows. */
function start(file: string): Promise<{ port: string; more: () => string }> {
  const child = spawn(file, ["127.0.0.1:1"], { stdio: ["ignore", "pipe", "pipe"] });
  started.push(child);
  let more = "";
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once("line", (port) => {
      lines.on("line", (l) => {
        more += `${l}\n`;
      });
      resolve({ port, more: () => more });
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

it("gives its schema to pulumi package get-schema", async () => {
  const { stdout } = await pulumiCli(
    { workDir: os.tmpdir(), sdk: "", label: "source" },
    ["package", "get-schema", bin],
    {},
  );
  // the CLI loads and writes the schema again, leaving out empty lists and maps
  expect(JSON.parse(stdout)).toEqual(pruned(packageSchema(nativeFunctions)));
}, 60_000);

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
