// SDKs for other languages, written by `pulumi package gen-sdk` from the schema the plugin serves
// (scripts/sdks.sh, into .state/: generated, never committed). Go: a program on the Go SDK passes `go vet`, builds,
// and runs through the Go Automation API (an inline program: the CLI's engine connects to it, so no Go language
// host is needed) against the emulator: up, a no-op preview, an in-place resize, destroy. Python: a program
// type-checks with mypy against the SDK and Pulumi's Python SDK, and a wrong argument type fails the check (the
// Python language host is not built here, so it is not run). The Go and Python blocks of the docs (the
// installation page's, docs/languages.md's) build and type-check the same way. .NET: no generator here
// (docs/languages.md).
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { beforeAll, expect, it } from "vitest";
import { kindList } from "../../provider/kinds";
import { codeBlocks, markdownFiles } from "../docs/markdown";
import { mine, mutating, uniqueStack, useApi } from "../e2e/support";
import { repoRoot, sourceHome } from "../harness";

const exec = promisify(execFile);
const api = useApi();
const programs = path.join(__dirname, "programs");
let sdks: string;

const run = (cmd: string, args: string[], cwd: string, env: Record<string, string> = {}) =>
  exec(cmd, args, { cwd, env: { ...process.env, ...env }, maxBuffer: 64 << 20 }).catch((e) => {
    throw new Error(`${cmd} ${args.join(" ")} failed:\n${e.stdout}\n${e.stderr}`);
  });

/** The docs' code blocks of a language (README.md and docs/), where they are. */
const docBlocks = (info: RegExp) =>
  markdownFiles()
    .filter((f) => f === "README.md" || f.startsWith("docs/"))
    .flatMap((f) => codeBlocks(f, fs.readFileSync(path.join(repoRoot, f), "utf8")))
    .filter((b) => info.test(b.info));

/** A go.mod on the generated Go SDK and the Pulumi Go SDK at the CLI's own version (the generated one asks for an older one; the newest wins). */
function goMod(module: string): string {
  const cliVersion = `v${require("@pulumi/pulumi/package.json").version}`;
  return [
    `module ${module}`,
    "",
    "go 1.25",
    "",
    `require github.com/pulumi/pulumi/sdk/v3 ${cliVersion}`,
    "",
    "require pulumi-cim/sdk/go v0.0.0",
    "",
    `replace pulumi-cim/sdk/go => ${path.join(sdks, "go")}`,
    "",
  ].join("\n");
}

beforeAll(async () => {
  sdks = path.join(sourceHome("sdks").workDir, "sdks");
  await run("bash", [path.join(repoRoot, "scripts", "sdks.sh"), sdks], repoRoot);
}, 600_000);

it("writes a Python and a Go SDK with a class of every kind", () => {
  const snake = (s: string) => s.replace(/[A-Z]/g, (c, i) => `${i ? "_" : ""}${c.toLowerCase()}`);
  for (const kind of kindList) {
    const camel = kind.name[0].toLowerCase() + kind.name.slice(1);
    expect(fs.readFileSync(path.join(sdks, "go", "cim", `${camel}.go`), "utf8")).toContain(
      `func New${kind.name}(ctx *pulumi.Context,`,
    );
    expect(
      fs.readFileSync(path.join(sdks, "python", "pulumi_cim", `${snake(kind.name)}.py`), "utf8"),
    ).toContain(`class ${kind.name}(pulumi.CustomResource):`);
  }
  expect(fs.readFileSync(path.join(sdks, "go", "go.mod"), "utf8")).toMatch(/^module pulumi-cim\/sdk\/go$/m);
  expect(fs.readFileSync(path.join(sdks, "go", "cim", "getZone.go"), "utf8")).toContain(
    'ctx.Invoke("cim:index:getZone", args, &rv, opts...)',
  );
});

it("builds a Go program on the Go SDK (go vet, go build) and runs it through the Go Automation API", async () => {
  const dir = sourceHome("go-sdk").workDir;
  fs.copyFileSync(path.join(programs, "go-sdk", "main.go"), path.join(dir, "main.go"));
  const cliVersion = `v${require("@pulumi/pulumi/package.json").version}`;
  fs.writeFileSync(path.join(dir, "go.mod"), goMod("cim-go-sdk-example"));
  await run("go", ["mod", "tidy"], dir);
  await run("go", ["vet", "./..."], dir);
  await run("go", ["build", "-o", "go-sdk", "."], dir);
  expect(fs.readFileSync(path.join(dir, "go.mod"), "utf8")).toContain(
    `github.com/pulumi/pulumi/sdk/v3 ${cliVersion}`,
  );

  const stack = uniqueStack("go-sdk");
  const env = { ...api().envVars, CIM_PLUGIN_DIR: path.join(repoRoot, "bin"), CIM_STACK: stack };
  const op = async (name: string, size = "10") => {
    const { stdout } = await run(path.join(dir, "go-sdk"), [name], dir, { ...env, CIM_SIZE: size });
    return JSON.parse(stdout.trim().split("\n").pop()!);
  };

  const up = await op("up");
  expect(up.summary).toEqual({ create: 2 }); // the stack and the volume
  expect(up.outputs).toMatchObject({ name: "go-data", size: 10 });
  const vol = (await api().control.state()).volumes[up.outputs.volumeId];
  expect(vol).toMatchObject({ name: "go-data", size: 10, tags: { lang: "go" } });

  await api().control.resetRequests();
  expect((await op("preview")).summary).toEqual({ same: 2 });
  expect(mutating(await api().control.requests())).toEqual({});

  const resized = await op("up", "20");
  expect(resized.summary).toEqual({ same: 1, update: 1 });
  expect(resized.outputs).toMatchObject({ volumeId: up.outputs.volumeId, size: 20 });
  expect((await api().control.state()).volumes[up.outputs.volumeId].size).toBe(20);

  expect((await op("destroy", "20")).summary).toEqual({ delete: 2 });
  expect(mine((await api().control.state()).volumes)).toEqual([]);
}, 900_000);

it("builds every Go program of the docs on the Go SDK (go vet, go build), and a wrong field type fails", async () => {
  const blocks = docBlocks(/^go\b/).filter((b) => /^package main$/m.test(b.code));
  expect(blocks.map((b) => b.file)).toEqual(
    expect.arrayContaining(["docs/installation-configuration.md", "docs/languages.md"]),
  );
  const dir = sourceHome("go-docs").workDir;
  fs.writeFileSync(path.join(dir, "go.mod"), goMod("cim-go-docs"));
  const pkgs = blocks.map((b, i) => {
    fs.mkdirSync(path.join(dir, `block${i}`));
    fs.writeFileSync(path.join(dir, `block${i}`, "main.go"), b.code);
    return `./block${i}`;
  });
  // the installation page's program with the size as a string: the SDK's types must refuse it
  const install = blocks.find((b) => b.file === "docs/installation-configuration.md")!;
  const wrong = install.code.replace("pulumi.Int(20)", 'pulumi.String("20")');
  expect(wrong).not.toBe(install.code);
  fs.mkdirSync(path.join(dir, "wrong"));
  fs.writeFileSync(path.join(dir, "wrong", "main.go"), wrong);
  await run("go", ["mod", "tidy"], dir);
  await run("go", ["vet", ...pkgs], dir);
  await run("go", ["build", "-o", os.devNull, ...pkgs], dir);
  const failed = await run("go", ["build", "-o", os.devNull, "./wrong"], dir).then(
    () => "",
    (e: Error) => e.message,
  );
  expect(failed).toMatch(/cannot use pulumi\.String\("20"\).*as pulumi\.IntPtrInput/);
}, 600_000);

it("type-checks a Python program against the Python SDK with mypy, and a wrong argument type fails", async () => {
  const mypy = (
    await run("bash", [path.join(repoRoot, "scripts", "mypy.sh"), "path"], repoRoot)
  ).stdout.trim();
  // Pulumi's Python SDK at the CLI's version: in the Go module the CLI is built from.
  const pulumiSdk = (
    await run(
      "go",
      ["list", "-m", "-f", "{{.Dir}}", "github.com/pulumi/pulumi/sdk/v3"],
      path.join(repoRoot, "scripts", "pulumi-cli"),
    )
  ).stdout.trim();
  const dir = sourceHome("python-sdk").workDir;
  const source = fs.readFileSync(path.join(programs, "python-sdk", "__main__.py"), "utf8");
  const wrongSize = source.replace('size=config.get_int("size") or 10', 'size="ten"');
  expect(wrongSize).not.toBe(source);
  fs.writeFileSync(path.join(dir, "__main__.py"), source);
  fs.writeFileSync(path.join(dir, "wrong_size.py"), wrongSize);
  const check = (file: string) =>
    exec(
      mypy,
      [
        "--config-file",
        path.join(programs, "python-sdk", "mypy.ini"),
        "--cache-dir",
        path.join(dir, ".mypy"),
        file,
      ],
      {
        cwd: dir,
        env: {
          ...process.env,
          MYPYPATH: `${path.join(sdks, "python")}:${path.join(pulumiSdk, "python", "lib")}`,
        },
      },
    ).then(
      (r) => ({ ok: true, out: r.stdout }),
      (e) => ({ ok: false, out: `${e.stdout}${e.stderr}` }),
    );

  const good = await check("__main__.py");
  expect(good).toEqual({ ok: true, out: "Success: no issues found in 1 source file\n" });
  // the docs' Python programs (the installation page's, docs/languages.md's) the same way
  const blocks = docBlocks(/^python\b/);
  expect(blocks.map((b) => b.file)).toEqual(
    expect.arrayContaining(["docs/installation-configuration.md", "docs/languages.md"]),
  );
  for (const [i, b] of blocks.entries()) {
    fs.writeFileSync(path.join(dir, `doc_block${i}.py`), b.code);
    expect(await check(`doc_block${i}.py`), `${b.file}:${b.line}`).toEqual({
      ok: true,
      out: "Success: no issues found in 1 source file\n",
    });
  }
  const bad = await check("wrong_size.py");
  expect(bad.ok).toBe(false);
  expect(bad.out).toContain(
    'wrong_size.py:15: error: No overload variant of "Volume" matches argument types',
  );
}, 600_000);
