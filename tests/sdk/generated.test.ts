// Files made from the registry of kinds stay what the registry makes, and the resource table (docs/guides) lists
// every kind with exactly the fields its declaration changes in place and replaces.
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { kindList } from "../../provider/kinds";
import { generatedFiles, shimModules } from "../../provider/kinds/render";

const root = path.resolve(__dirname, "..", "..");

describe("files generated from the registry of kinds", () => {
  for (const [file, text] of Object.entries(generatedFiles())) {
    it(`${file} is current (else run npm run generate)`, () => {
      const onDisk = fs.readFileSync(path.join(root, file), "utf8");
      // biome formats the written file; compare the code, not its line breaks (nor the commas it adds to wrapped lists)
      const squash = (s: string) => s.replace(/\s+/g, "").replace(/,([)\]}])/g, "$1");
      expect(squash(onDisk)).toBe(squash(text));
    });
  }
});

describe("the build's shim modules (the provider installed states name by require)", () => {
  const dist = path.join(root, "dist");
  it("one per kind of the registry, each exporting that kind's shim, exported as pulumi-cim/shims/<Kind>", () => {
    expect(Object.keys(shimModules()).sort()).toEqual(kindList.map((k) => `${k.name}.js`).sort());
    const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
    expect(pkg.exports["./shims/*"]).toBe("./dist/provider/shims/*.js");
    // where Pulumi cannot read pulumi-cim's package.json from its own folder (its copy not beside pulumi-cim), its
    // serializer names the file itself: that path must load too
    expect(pkg.exports["./dist/provider/shims/*.js"]).toBe("./dist/provider/shims/*.js");
    for (const k of kindList) {
      const file = path.join(dist, "provider", "shims", `${k.name}.js`);
      expect(fs.readFileSync(file, "utf8")).toBe(shimModules()[`${k.name}.js`]);
      expect(Object.keys(require(file)).sort()).toEqual(METHODS);
    }
  });

  it("the serialized provider the SDK writes into state loads, as the dynamic-provider host loads it, to the kind's shim", async () => {
    // from a source checkout the text calls the built SDK's makeShim by path; installed it requires
    // pulumi-cim/shims/<Kind> (installed.test.ts runs that through the CLI)
    const { serializedProvider } = require(path.join(dist, "sdk", "dynamic.js"));
    // the host's own loader: @pulumi/pulumi's copy of require-from-string
    const pulumiDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
    const requireFromString = require(require.resolve("require-from-string", { paths: [pulumiDir] }));
    for (const k of kindList) {
      const text: string = serializedProvider(k.name);
      expect(text).toBe(
        `exports.handler = () => require(${JSON.stringify(path.join(dist, "sdk", "dynamic.js"))}).makeShim("${k.name}");`,
      );
      const shim = requireFromString(text).handler();
      expect(Object.keys(shim).sort()).toEqual(METHODS);
      // the shim's methods reach the kind's own provider: check of no inputs gives that provider's failures
      const own = require(path.join(dist, "provider")).providerFor(k.name);
      expect(await shim.check({}, {})).toEqual(await own.check({}, {}));
    }
  });
});

const METHODS = ["check", "configure", "create", "delete", "diff", "read", "update"].sort();

describe("the resource table of docs/guides/resources.md", () => {
  const guide = fs.readFileSync(path.join(root, "docs", "guides", "resources.md"), "utf8");
  const start = guide.indexOf("## Every kind");
  const section = guide.slice(start, guide.indexOf("\n## ", start + 5));
  const rows = new Map<string, string[]>();
  for (const line of section.split("\n")) {
    const m = /^\| `cim\.(\w+)` \|/.exec(line);
    if (m) rows.set(m[1], line.split(" | "));
  }
  const codes = (cell: string) => new Set([...cell.matchAll(/`(\w+)`/g)].map((x) => x[1]));

  it("has one row per kind of the registry, in its order", () => {
    expect([...rows.keys()]).toEqual(kindList.map((k) => k.name));
  });

  for (const kind of kindList) {
    it(`cim.${kind.name}: changed in place and replaced on change match the declaration`, () => {
      const cells = rows.get(kind.name);
      expect(cells, `no README row for cim.${kind.name}`).toBeDefined();
      const [, , inPlace, replaced] = cells!;
      const fields = Object.entries(kind.fields);
      const update = fields.filter(([, f]) => f.change === "update").map(([k]) => k);
      const replace = fields.filter(([, f]) => f.change === "replace").map(([k]) => k);
      for (const k of update) expect(codes(inPlace), `${k} is changed in place`).toContain(k);
      for (const k of replace) expect(codes(replaced), `${k} replaces`).toContain(k);
      const known = new Set(Object.keys(kind.fields));
      for (const k of codes(replaced))
        if (known.has(k)) expect(replace, `${k} is listed as replacing`).toContain(k);
      for (const k of codes(inPlace))
        if (known.has(k)) expect(update, `${k} is listed as in place`).toContain(k);
    });
  }
});
