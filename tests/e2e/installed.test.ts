// The quickstart from a program that installs the packed package (not the source tree) beside the newest
// @pulumi/pulumi: npm keeps one copy of @pulumi/pulumi and installs no web server, JWT signer or test tooling
// (the emulator is a package of its own); a quota failure leaves partial state that the next up repairs, a
// second up changes nothing, an in-place update, destroy; the serialized provider is a `require` of the
// installed package's shim module of the kind (sixty characters in each resource's state, not the shim's
// functions written out nor Pulumi's closure boilerplate), each resource's source position is the program's
// line, and no token is anywhere.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { installedHome, stackRun } from "../harness";
import { cliExport, exampleProgram, mine, mutating, resourcesOf, uniqueStack, useApi } from "./support";

const api = useApi();
const exec = promisify(execFile);

/** Every version of a package in a program's tree, as `npm ls --all` reports it. */
async function versionsOf(dir: string, pkg: string): Promise<string[]> {
  const { stdout } = await exec("npm", ["ls", pkg, "--all", "--json"], { cwd: dir }).catch((e) => e);
  const found = new Set<string>();
  const walk = (deps: Record<string, any> | undefined) => {
    for (const [name, d] of Object.entries(deps ?? {})) {
      if (name === pkg && d.version) found.add(d.version);
      walk(d.dependencies);
    }
  };
  walk(JSON.parse(stdout).dependencies);
  return [...found];
}

it("runs the quickstart from an installed package, beside the newest @pulumi/pulumi", async () => {
  const { stdout } = await exec("npm", ["view", "@pulumi/pulumi", "version"]);
  const newest = stdout.trim();
  const home = await installedHome("quickstart", undefined, { "@pulumi/pulumi": newest });
  expect(await versionsOf(home.workDir, "@pulumi/pulumi"), "one copy of @pulumi/pulumi").toEqual([newest]);
  for (const unwanted of ["fastify", "jose", "vitest", "pulumi-cim-emulator"]) {
    expect(await versionsOf(home.workDir, unwanted), `${unwanted} is not installed`).toEqual([]);
  }

  // the native entry is exported too (`import * as cim from "pulumi-cim/native"`), with its own type tokens
  const nativeSdk = require(require.resolve("pulumi-cim/native", { paths: [home.workDir] }));
  expect(nativeSdk.Instance.__pulumiType).toBe("cim:index:Instance");
  expect(nativeSdk.Provider.__pulumiType).toBe("pulumi:providers:cim");

  const program = exampleProgram(home, "quickstart");
  const stackName = uniqueStack("installed");
  const run = await stackRun({ home, stackName, program, envVars: api().envVars });

  await api().control.limits({ instanceLimit: 1 });
  const [failed, partial] = await run([{ op: "up", expectFailure: true }, { op: "export" }]);
  expect(failed.output).toContain("Maximum number of resources of type 'user_vm' for account name=user-1");
  const broken = resourcesOf(partial.deployment, "cim:Instance").find((r: any) => r.initErrors?.length);
  // The partial state carries the provider, so later operations on it can load it.
  expect(broken.outputs.__provider).toContain('require("pulumi-cim/shims/Instance")');

  await api().control.limits({ instanceLimit: 1000 });
  const [up, preview] = await run([{ op: "up" }, { op: "preview" }]);
  expect(up.outputs?.webState).toBe("Running");
  expect(preview.summary).toEqual({ same: 7 });
  expect(mine((await api().control.state()).instances)).toHaveLength(2);

  await api().control.resetRequests();
  const [again] = await run([{ op: "up" }]);
  expect(again.summary).toEqual({ same: 7 });
  expect(mutating(await api().control.requests())).toEqual({});

  const [renamed, exported] = await run([
    { op: "up", config: { "cim-e2e:webDisplayName": "frontend" } },
    { op: "export" },
  ]);
  expect(renamed.summary).toMatchObject({ update: 1, same: 6 });
  for (const r of resourcesOf(exported.deployment, "cim:")) {
    const kind = String(r.type).split(":").at(-1);
    for (const serialized of [r.inputs.__provider, r.outputs.__provider]) {
      expect(serialized).toBe(`exports.handler = () => require("pulumi-cim/shims/${kind}");`);
    }
    // where the program declared it, not pulumi-cim's own class
    expect(r.sourcePosition).toMatch(/quickstart\/index\.ts#\d+,\d+$/);
  }
  for (const text of [JSON.stringify(exported.deployment), await cliExport(home, stackName)]) {
    expect(text).not.toContain(api().token);
  }
  for (const r of [failed, up, preview, again, renamed]) expect(r.output).not.toContain(api().token);

  const [destroyed] = await run([{ op: "destroy" }, { op: "rm" }]);
  expect(destroyed.summary).toEqual({ delete: 7 });
  expect(mine((await api().control.state()).instances)).toHaveLength(0);
}, 420_000);
