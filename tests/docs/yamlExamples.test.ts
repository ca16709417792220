// The Pulumi YAML programs of the docs against the schema the native plugin serves (tests/docs/yamlPrograms.ts),
// in process: every resource page and every function page has one, each is a whole program that checks clean,
// and each declares the resource types and lookups of the page's TypeScript example; and the declarations the
// examples share (provider/kinds/examples.ts), said once and shown alike on every page.
// tests/e2e/yamlExamples.test.ts runs them through the CLI and its YAML language host.

import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { kindList } from "../../provider/kinds";
import {
  examples,
  exported,
  lookupId,
  outputOf,
  resource,
  variables,
  withProperties,
  yamlScalar,
} from "../../provider/kinds/examples";
import { functionExample } from "../../provider/kinds/functionExamples";
import type { LookupName } from "../../provider/kinds/functionExampleTable";
import { lookupRegistry } from "../../sdk/lookups/registry";
import { checkProgram, pluginSchema, typesAndFunctions, yamlPrograms } from "./yamlPrograms";

const schema = pluginSchema();
/** A Pulumi YAML reference, `${name.attr}`. */
const ref = (s: string) => `\${${s}}`;
const programs = yamlPrograms();
const pageOf = (kind: string) => programs.filter((p) => p.file === `docs/resources/${kind}.md`);
const functionPageOf = (name: string) => programs.filter((p) => p.file === `docs/functions/${name}.md`);
const lookups = Object.keys(lookupRegistry) as LookupName[];
const PLUGIN = { providers: [{ name: "cim", path: "./node_modules/pulumi-cim/bin" }] };

/** The resource types and lookups a TypeScript example uses (a call may break before `.getX(`). */
function tsTypesAndFunctions(ts: string): { types: string[]; functions: string[] } {
  return {
    types: [...new Set([...ts.matchAll(/new cim\.(\w+)\(/g)].map((m) => `cim:index:${m[1]}`))].sort(),
    functions: [...new Set([...ts.matchAll(/\bcim\s*\.(get\w+)\(/g)].map((m) => `cim:index:${m[1]}`))].sort(),
  };
}

/** A resource page's TypeScript example, as the page shows it. */
const tsExample = (kind: string) => tsTypesAndFunctions(kindList.find((k) => k.name === kind)?.example ?? "");

describe("Pulumi YAML in the docs", () => {
  it("every resource page has one YAML example, a whole program on the plugin", () => {
    for (const kind of kindList) {
      const found = pageOf(kind.name);
      expect(
        found.map((p) => p.file),
        kind.name,
      ).toEqual([`docs/resources/${kind.name}.md`]);
      expect(found[0].doc.plugins, kind.name).toEqual(PLUGIN);
    }
  });

  it("every function page has one YAML example, a whole program on the plugin", () => {
    expect(lookups.length).toBeGreaterThan(60);
    const without = lookups.filter((name) => functionPageOf(name).length !== 1);
    expect(without).toEqual([]);
    for (const name of lookups) expect(functionPageOf(name)[0].doc.plugins, name).toEqual(PLUGIN);
  });

  it("the installation page and the languages page have theirs too", () => {
    const files = new Set(programs.map((p) => p.file));
    expect(files).toContain("docs/installation-configuration.md");
    expect(files).toContain("docs/languages.md");
  });

  it("every YAML program in the docs checks clean against the plugin's schema", () => {
    const report = programs
      .map((p) => ({ at: `${p.file}:${p.line}`, problems: checkProgram(p.doc, schema) }))
      .filter((r) => r.problems.length);
    expect(report).toEqual([]);
  });

  it("each page's YAML example declares the resource types and lookups of its TypeScript example", () => {
    for (const kind of kindList) {
      const yaml = typesAndFunctions(pageOf(kind.name)[0].doc);
      expect(yaml, kind.name).toEqual(tsExample(kind.name));
      expect(yaml.types, kind.name).toContain(`cim:index:${kind.name}`);
    }
  });

  it("each function page's YAML example declares the resource types and lookups of its TypeScript example", () => {
    for (const name of lookups) {
      const yaml = typesAndFunctions(functionPageOf(name)[0].doc);
      expect(yaml, name).toEqual(tsTypesAndFunctions(functionExample(name)));
      expect(yaml.functions, name).toContain(`cim:index:${name}`);
    }
  });

  it("a function page's YAML keeps what its TypeScript keeps: the call's answer, as a stack output", () => {
    // an argument that is a declared resource's output refers to that resource by its YAML key
    const staticNat = functionPageOf("getStaticNat")[0].doc as any;
    expect(staticNat.variables.webPrivateAddress["fn::invoke"]).toEqual({
      function: "cim:index:getStaticNat",
      arguments: { publicIpId: ref("nat.publicIpId") },
      return: "vmIpAddress",
    });
    expect(staticNat.resources.nat.type).toBe("cim:index:StaticNat");
    expect(staticNat.outputs).toEqual({ webPrivateAddress: ref("webPrivateAddress") });
    // the VPC the TypeScript holds as `vpc` is the shared declaration's `main`
    const acl = functionPageOf("getNetworkAclList")[0].doc as any;
    expect(acl.variables.webAclDescription["fn::invoke"].arguments).toEqual({
      vpcId: ref("main.id"),
      id: ref("webAcl.id"),
    });
    // a lookup that computes an id feeds the resource that takes it, and is no output
    const zone = functionPageOf("getZone")[0].doc as any;
    expect(zone.resources.main.properties.zoneId).toBe(ref("zoneId"));
    expect(zone.outputs).toBeUndefined();
  });
});

describe("the check of a YAML program (so a clean check means something)", () => {
  const network = () => structuredClone(pageOf("Network")[0].doc) as any;
  const problems = (change: (doc: any) => void) => {
    const doc = network();
    change(doc);
    return checkProgram(doc, schema).join("\n");
  };

  it("passes the page's program as it is", () => {
    expect(checkProgram(network(), schema)).toEqual([]);
  });

  it("names a property that is no input of the type", () => {
    expect(
      problems((d) => {
        d.resources.tier.properties.gatewayIp = d.resources.tier.properties.gateway;
        delete d.resources.tier.properties.gateway;
      }),
    ).toMatch(/resources\.tier \(cim:index:Network\): gatewayIp is no input/);
  });

  it("names a required input left out, and a literal of the wrong type", () => {
    expect(problems((d) => delete d.resources.tier.properties.zoneId)).toMatch(
      /required input zoneId is missing/,
    );
    expect(problems((d) => (d.resources.tier.properties.tags = ["web"]))).toMatch(
      /resources\.tier \(cim:index:Network\)\.tags: \["web"\] is not of type object/,
    );
  });

  it("names a resource type, a function, an argument and a returned field the plugin lacks", () => {
    expect(problems((d) => (d.resources.tier.type = "cim:index:Subnet"))).toMatch(
      /serves no resource type cim:index:Subnet/,
    );
    expect(problems((d) => (d.variables.zoneId["fn::invoke"].function = "cim:index:getZoneByName"))).toMatch(
      /has no function cim:index:getZoneByName/,
    );
    expect(problems((d) => (d.variables.zoneId["fn::invoke"].arguments = { zone: "de-fra-1a" }))).toMatch(
      /cim:index:getZone: zone is no argument/,
    );
    expect(problems((d) => (d.variables.zoneId["fn::invoke"].return = "uuid"))).toMatch(
      /getZone answers no field uuid/,
    );
  });

  it("names a reference to nothing in the program, and an output its resource lacks", () => {
    expect(problems((d) => (d.resources.tier.properties.vpcId = ref("vpc.id")))).toMatch(
      /\$\{vpc\.id\} names no resource, variable or config value/,
    );
    expect(problems((d) => (d.outputs.cidr = ref("tier.range")))).toMatch(
      /cim:index:Network has no output range/,
    );
  });

  it("reads the short type form too (cim:Network) and a program written as text", () => {
    const doc = parse(
      'runtime: yaml\nresources:\n  v:\n    type: cim:Volume\n    properties: { zoneId: z, diskOfferingId: d, size: "ten" }\n',
    );
    expect(checkProgram(doc, schema)).toEqual([
      'resources.v (cim:Volume).size: "ten" is not of type integer',
    ]);
  });
});

describe("the examples' shared declarations (provider/kinds/examples.ts)", () => {
  it("a shared resource given more properties keeps them inside its declaration, in both languages", () => {
    const vpc = withProperties("vpc", { ts: `displayText: "x",`, yaml: "displayText: x" });
    const { example, yamlExample } = examples(["zoneId", vpc], "export const id = vpc.id;", {});
    expect(example).toMatch(
      /^const vpc = new cim\.Vpc\("main", \{\n( {2}.*\n)* {2}displayText: "x",\n\}\);$/m,
    );
    expect(example.split("\n").at(-1)).toBe("export const id = vpc.id;");
    const doc = parse(yamlExample);
    expect(doc.resources.main.properties).toMatchObject({ cidr: "10.1.0.0/16", displayText: "x" });
  });

  it("refuses more properties for a declaration written on one line (they would land outside it)", () => {
    expect(() => withProperties("db", { ts: "a: 1,", yaml: "a: 1" })).toThrow(/db is no multi-line/);
  });

  it("an example's own imports stand first, before the shared declarations", () => {
    const { example } = examples(
      ["zoneId"],
      `import * as fs from "node:fs";\nconst key = fs.readFileSync("k");`,
      {},
    );
    expect(example.split("\n")).toEqual([
      `import * as fs from "node:fs";`,
      `const zoneId = cim.getZone("de-fra-1a").then((z) => z.id);`,
      `const key = fs.readFileSync("k");`,
    ]);
  });

  it("a resource several pages declare (a constant of one type and name) is declared the same on each", () => {
    const seen = new Map<string, Map<string, string[]>>();
    for (const kind of kindList)
      for (const line of kind.example?.split("\n") ?? []) {
        const m = /^const (\w+) = new cim\.(\w+)\("([^"]+)", .*\);$/.exec(line);
        if (!m) continue;
        const same = seen.get(m.slice(1).join(" ")) ?? new Map<string, string[]>();
        seen.set(m.slice(1).join(" "), same.set(line, [...(same.get(line) ?? []), kind.name]));
      }
    const differing = [...seen]
      .filter(([, lines]) => lines.size > 1)
      .map(([key, lines]) => [key, Object.fromEntries(lines)]);
    // the one deliberate pair: the db the backup pages stand on has a backup offering (examples.ts: backedUpDb)
    expect(differing.map(([key]) => key)).toEqual(["db Instance db"]);
    expect(
      Object.values(differing[0][1] as Record<string, string[]>).map((kinds) => kinds.sort()),
    ).toContainEqual(["Backup", "BackupSchedule"]);
    expect([...seen.keys()]).toContain("data Volume data"); // the check sees the shared ones
  });

  it("a flat declaration spelled once reads alike in both languages", () => {
    const link = resource(
      "VpcGateway",
      "dc-link",
      {
        ...variables("zoneId"),
        vpcId: outputOf("vpc.id"),
        offeringId: lookupId("getVpcOffering", { name: "Default VPC" }),
        vlan: 100,
        tags: { approved: "2026-11" },
      },
      { as: "link" },
    );
    expect(link.ts).toBe(
      'const link = new cim.VpcGateway("dc-link", {\n  zoneId,\n  vpcId: vpc.id,\n' +
        '  offeringId: cim.getVpcOffering("Default VPC").then((o) => o.id),\n  vlan: 100,\n' +
        '  tags: { approved: "2026-11" },\n});',
    );
    // keyed by the constant, its Pulumi name in `name`; the shared VPC by its key, main
    expect(parse(link.yaml.resources ?? "")).toEqual({
      link: {
        type: "cim:index:VpcGateway",
        name: "dc-link",
        properties: {
          zoneId: ref("zoneId"),
          vpcId: ref("main.id"),
          offeringId: {
            "fn::invoke": {
              function: "cim:index:getVpcOffering",
              arguments: { name: "Default VPC" },
              return: "id",
            },
          },
          vlan: 100,
          tags: { approved: "2026-11" },
        },
      },
    });
    expect(exported("linkState", "link.state").yaml.outputs).toBe(`linkState: \${link.state}`);
  });

  it("a text is quoted in YAML where a reader of YAML 1.1 or 1.2 would read something else, plain elsewhere", () => {
    const quoted = [
      "30:02",
      "2027-06-30T00:00:00Z",
      "0 22 * * MON-FRI",
      "yes",
      "Off",
      "null",
      "8080",
      "1.5",
      "",
    ];
    const plain = [
      "10.1.0.0/16",
      "Europe/Berlin",
      "https://images.example.com/a.qcow2",
      "1.28.4",
      "web tier",
    ];
    expect(quoted.filter((t) => !yamlScalar(t).startsWith('"'))).toEqual([]);
    expect(plain.filter((t) => yamlScalar(t) !== t)).toEqual([]);
    expect(yamlScalar("a, b", true)).toBe('"a, b"');
    for (const version of ["1.1", "1.2"] as const)
      for (const text of [...quoted, ...plain, "a, b", ref("db.id")]) {
        expect(parse(`k: ${yamlScalar(text)}`, { version }).k, `${text} (YAML ${version})`).toBe(text);
        expect(parse(`k: [${yamlScalar(text, true)}]`, { version }).k, `${text} in a flow`).toEqual([text]);
      }
  });
});
