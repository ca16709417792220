// `pulumi-cim migrate` around the transform, with the Pulumi CLI stood in by a recorder: what it runs (stack
// export without --show-secrets; stack import only with --yes, from a file only this user can read, removed
// afterwards), what it prints, and that a refusal or a failed import writes nothing and leaves no file.
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import {
  MigrateUsageError,
  MigrationRefused,
  migrateCommand,
  type PulumiRunner,
} from "../../provider/migrate";
import { toNative } from "../../provider/migrate/transform";
import { dynamicCheckpoint, PET_URN, VPC_URN } from "./checkpoint";

interface Call {
  args: string[];
  cwd: string;
  /** For stack import: the file's mode and text as they were when the CLI ran. */
  file?: { path: string; mode: number; text: string };
}

function recorder(exported: unknown, importFails = false) {
  const calls: Call[] = [];
  const pulumi: PulumiRunner = async (args, cwd) => {
    const call: Call = { args, cwd };
    calls.push(call);
    if (args[1] === "export") return JSON.stringify(exported);
    const f = args[args.indexOf("--file") + 1];
    call.file = { path: f, mode: fs.statSync(f).mode & 0o777, text: fs.readFileSync(f, "utf8") };
    if (importFails) throw new Error("pulumi stack import failed: the backend said no");
    return "";
  };
  let printed = "";
  const out = (s: string) => {
    printed += s;
  };
  return { calls, pulumi, out, printed: () => printed };
}

describe("pulumi-cim migrate", () => {
  it("prints a dry run from `pulumi stack export` and runs nothing else", async () => {
    const r = recorder(dynamicCheckpoint());
    const code = await migrateCommand(["--to", "native", "--stack", "dev", "--cwd", "/tmp"], r);
    expect(code).toBe(0);
    expect(r.calls).toEqual([{ args: ["stack", "export", "--stack", "dev"], cwd: "/tmp" }]);
    const text = r.printed();
    expect(text).toContain("Stack dev (project shop): 3 pulumi-cim resource(s) to move to the native path.");
    expect(text).toMatch(
      /main +pulumi-nodejs:dynamic\/cim:Vpc → cim:index:Vpc; +provider pulumi:providers:pulumi-nodejs::default → pulumi:providers:cim::default_\d+_\d+_\d+/,
    );
    expect(text).toContain(
      "provider pulumi:providers:pulumi-nodejs::default: removed (nothing else uses it)",
    );
    expect(text).toContain("Totals: 3 moved, 1 renamed, 1 provider added, 1 removed, 0 kept.");
    expect(text).toContain("Dry run: nothing was written.");
  });

  it("with --yes imports the transformed checkpoint from a file of mode 600, removed afterwards", async () => {
    const r = recorder(dynamicCheckpoint());
    expect(await migrateCommand(["--to", "native", "--yes", "--stack", "dev"], r)).toBe(0);
    expect(r.calls.map((c) => c.args.slice(0, 2))).toEqual([
      ["stack", "export"],
      ["stack", "import"],
    ]);
    const imp = r.calls[1];
    expect(imp.args).toEqual(["stack", "import", "--file", imp.file!.path, "--stack", "dev"]);
    expect(imp.file!.mode).toBe(0o600);
    expect(fs.existsSync(imp.file!.path)).toBe(false);
    expect(fs.existsSync(path.dirname(imp.file!.path))).toBe(false);
    const written = JSON.parse(imp.file!.text);
    const expected = toNative(dynamicCheckpoint(), { version: "0.0.0", newId: () => "x" }).deployment;
    expect(
      written.deployment.resources
        .map((x: { urn: string }) => x.urn)
        .filter((u: string) => !u.includes("providers:cim")),
    ).toEqual(expected.deployment.resources!.map((x) => x.urn).filter((u) => !u.includes("providers:cim")));
    expect(r.printed()).toContain("Wrote the migrated state to stack dev.");
    for (const c of r.calls) expect(c.args).not.toContain("--show-secrets");
  });

  it("removes the file when the import fails, and says why", async () => {
    const r = recorder(dynamicCheckpoint(), true);
    await expect(migrateCommand(["--to", "native", "--yes"], r)).rejects.toThrow(/the backend said no/);
    expect(fs.existsSync(r.calls[1].file!.path)).toBe(false);
  });

  it("refuses before writing anything while a pulumi-cim resource has a pending operation", async () => {
    const exported = dynamicCheckpoint();
    exported.deployment.pending_operations = [
      { resource: exported.deployment.resources!.find((x) => x.urn === VPC_URN)!, type: "creating" },
    ];
    const r = recorder(exported);
    await expect(migrateCommand(["--to", "native", "--yes"], r)).rejects.toThrow(MigrationRefused);
    expect(r.calls.map((c) => c.args[1])).toEqual(["export"]);
  });

  it("refuses a pending operation on another resource too: `pulumi stack import` would drop it", async () => {
    const exported = dynamicCheckpoint();
    exported.deployment.pending_operations = [
      { resource: exported.deployment.resources!.find((x) => x.urn === PET_URN)!, type: "creating" },
    ];
    const r = recorder(exported);
    await expect(migrateCommand(["--to", "native"], r)).rejects.toThrow(
      /1 pending operation\(s\)[\s\S]*which `pulumi stack import` would drop:\n {2}creating urn:pulumi:dev::shop::shop:app:Group\$cim:index:Vpc\$cim:index:Network\$random/,
    );
    expect(r.calls.map((c) => c.args[1])).toEqual(["export"]);
  });

  it("says there is nothing to do on a stack already native, and exits 0", async () => {
    const r = recorder(toNative(dynamicCheckpoint(), { version: "0.1.0" }).deployment);
    expect(await migrateCommand(["--to", "native", "--yes"], r)).toBe(0);
    expect(r.printed()).toMatch(/already on the native path; nothing to do/);
    expect(r.calls.map((c) => c.args[1])).toEqual(["export"]);
  });

  it("takes the way back with --to dynamic, and nothing else", async () => {
    const r = recorder(toNative(dynamicCheckpoint(), { version: "0.1.0" }).deployment);
    expect(await migrateCommand(["--to", "dynamic"], r)).toBe(0);
    expect(r.printed()).toMatch(/main +cim:index:Vpc → pulumi-nodejs:dynamic\/cim:Vpc/);
    await expect(migrateCommand(["--to", "elsewhere"], r)).rejects.toThrow(MigrateUsageError);
    await expect(migrateCommand([], r)).rejects.toThrow(/--to must be native or dynamic/);
  });
});
