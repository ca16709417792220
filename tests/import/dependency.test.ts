// provider/import/dependency.ts: the generated program's package.json depends on the pulumi-cim that ran
// `pulumi-cim import`, in a form npm installs from the program's own folder.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { dependencySpec, ownPackageRoot } from "../../provider/import/dependency";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cim-dep-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A project with pulumi-cim installed in its node_modules, as npm records it (`resolved`, `link`). */
function installed(
  name: string,
  record: Record<string, unknown> | undefined,
  lockfile = ".package-lock.json",
) {
  const project = path.join(tmp, name);
  const root = path.join(project, "node_modules", "pulumi-cim");
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "pulumi-cim", version: "0.1.0" }));
  if (record) {
    const lock = {
      lockfileVersion: 3,
      packages: { "node_modules/pulumi-cim": { version: "0.1.0", ...record } },
    };
    const file =
      lockfile === ".package-lock.json"
        ? path.join(project, "node_modules", lockfile)
        : path.join(project, lockfile);
    fs.writeFileSync(file, JSON.stringify(lock));
  }
  return { project, root };
}

describe("the generated program's pulumi-cim dependency", () => {
  it("installed from a registry: the version range (the package is published there)", () => {
    const { root } = installed("registry", {
      resolved: "https://registry.npmjs.org/pulumi-cim/-/pulumi-cim-0.1.0.tgz",
    });
    expect(dependencySpec(root, "0.1.0")).toBe("^0.1.0");
  });

  it("installed from a tarball: that tarball, by absolute path (the program's folder is elsewhere)", () => {
    fs.writeFileSync(path.join(tmp, "pulumi-cim-0.1.0.tgz"), "");
    const { root } = installed("tarball", { resolved: "file:../pulumi-cim-0.1.0.tgz" });
    expect(dependencySpec(root, "0.1.0")).toBe(`file:${path.join(tmp, "pulumi-cim-0.1.0.tgz")}`);
    // recorded only in the project's package-lock.json: the same
    const { root: locked } = installed(
      "tarball-lock",
      { resolved: "file:../pulumi-cim-0.1.0.tgz" },
      "package-lock.json",
    );
    expect(dependencySpec(locked, "0.1.0")).toBe(`file:${path.join(tmp, "pulumi-cim-0.1.0.tgz")}`);
  });

  it("a tarball since removed: the installed folder itself, which exists", () => {
    const { root } = installed("gone", { resolved: "file:../removed.tgz" });
    expect(dependencySpec(root, "0.1.0")).toBe(`file:${root}`);
  });

  it("installed from git: the commit npm installed", () => {
    const git = "git+ssh://git@github.com/example/pulumi-cim.git#0123456789abcdef0123456789abcdef01234567";
    const { root } = installed("git", { resolved: git });
    expect(dependencySpec(root, "0.1.0")).toBe(git);
  });

  it("a source checkout (no install record): its folder, which holds pulumi-cim", () => {
    const own = ownPackageRoot();
    expect(own).toBeDefined();
    const spec = dependencySpec(own!.root, own!.version);
    expect(spec).toBe(`file:${path.resolve(__dirname, "..", "..")}`);
    const pkg = JSON.parse(fs.readFileSync(path.join(spec.slice("file:".length), "package.json"), "utf8"));
    expect(pkg.name).toBe("pulumi-cim");
  });
});
