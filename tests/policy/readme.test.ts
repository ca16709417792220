// policy/README.md's table says which kinds two policies cover; the policies derive them from the registry (the
// kinds with tags, the kinds with a zoneId), so the table is held to the registry here.
import * as fs from "node:fs";
import * as path from "node:path";
import { expect, it } from "vitest";
import { multiRegionPolicies } from "../../policy/multiRegion";
import { policies } from "../../policy/policies";
import { kindList } from "../../provider/kinds";

const readme = fs.readFileSync(path.join(__dirname, "..", "..", "policy", "README.md"), "utf8");
const rowOf = (policy: string) => readme.split("\n").find((l) => l.startsWith(`| \`${policy}\` |`)) ?? "";

it("the README's kinds of cim-required-tags and cim-allowed-zones are the registry's", () => {
  const tagged = kindList.filter((k) => k.tags).map((k) => k.name);
  const zoned = kindList.filter((k) => "zoneId" in k.fields).map((k) => k.name);
  expect(rowOf("cim-required-tags").split(" | ")[1]).toBe(`${tagged.join(", ")} (\`resourceTypes\`)`);
  expect(rowOf("cim-allowed-zones").split(" | ")[1]).toBe(`${zoned.join(", ")} (when it names its zone)`);
});

it("the example configuration the README runs is in the npm package, with the pack itself", () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "..", "package.json"), "utf8"));
  expect(readme).toContain("--policy-pack-config policy/config.example.json");
  for (const f of ["policy/config.example.json", "policy/PulumiPolicy.yaml", "policy/package.json"])
    expect(pkg.files, f).toContain(f);
});

it("the README's settings table has every setting each policy declares, and no other", () => {
  const cells = readme
    .split("## Configuration")[1]
    .split("\n")
    .map((l) => l.split("|").map((c) => c.trim().replace(/`/g, "")))
    // a settings row: | policy (blank: the row above's) | setting | type | default |
    .filter((c) => c.length === 6 && /^(cim-\S+)?$/.test(c[1]) && /^[a-zA-Z]+$/.test(c[2]));
  let policy = "";
  const listed: string[] = [];
  for (const [, name, setting] of cells) {
    if (name) policy = name;
    listed.push(`${policy} ${setting}`);
  }
  const declared = [...policies, ...multiRegionPolicies].flatMap((p) =>
    Object.keys(p.configSchema?.properties ?? {}).map((k) => `${p.name} ${k}`),
  );
  expect(listed.sort()).toEqual(declared.sort());
});
