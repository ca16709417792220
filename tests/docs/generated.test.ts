// The reference pages made from the registry of kinds (docs/resources/) are what the registry makes now: a field,
// doc, change rule or example changed in a declaration and not regenerated fails here (run npm run generate).
// Their API-call tables come from provider/kinds/apiCalls.json, recorded again here against the emulator: a kind
// that calls the API differently since the last `npm run generate` fails too. `npm run generate` runs the
// recording test alone with CIM_WRITE_API_CALLS=1, which writes the file instead of comparing it.
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { kindList } from "../../provider/kinds";
import { API_CALLS_FILE } from "../../provider/kinds/apiCallsData";
import { docsFiles, functionPages, resourcePage } from "../../provider/kinds/docsPages";
import { lookupRegistry } from "../../sdk/lookups/registry";
import { recordApiCalls } from "./apiCalls/record";
import { root } from "./markdown";

describe("docs generated from the registry of kinds", () => {
  it(`${API_CALLS_FILE} is what each kind sends the emulator now (else run npm run generate)`, async () => {
    const recorded = await recordApiCalls();
    const file = path.join(root, API_CALLS_FILE);
    if (process.env.CIM_WRITE_API_CALLS === "1")
      fs.writeFileSync(file, `${JSON.stringify(recorded, null, 2)}\n`);
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual(recorded);
  }, 120_000);

  if (process.env.CIM_WRITE_API_CALLS === "1") return; // the pages are made from the file once it is written
  const files = docsFiles();

  for (const [file, text] of Object.entries(files)) {
    it(`${file} is current (else run npm run generate)`, () => {
      expect(fs.readFileSync(path.join(root, file), "utf8")).toBe(text);
    });
  }

  it("docs/resources holds exactly one page per kind and the index", () => {
    const onDisk = fs.readdirSync(path.join(root, "docs", "resources")).sort();
    expect(onDisk).toEqual(["README.md", ...kindList.map((k) => `${k.name}.md`)].sort());
  });

  it("each page shows the kind's fields with their change rule, and the index links every page", () => {
    const index = files["docs/resources/README.md"];
    for (const kind of kindList) {
      const page = files[`docs/resources/${kind.name}.md`];
      expect(index).toContain(`](${kind.name}.md)`);
      for (const [name, f] of Object.entries(kind.fields)) {
        const row = page.split("\n").find((l) => l.startsWith(`| \`${name}\` |`));
        expect(row, `${kind.name}.${name}`).toBeDefined();
        expect(row).toContain(
          f.change === "replace" ? "**replaces**" : f.change === "update" ? "in place" : "|",
        );
        if (f.secret) expect(row).toContain("**Secret.**");
      }
      if ("adoptId" in kind.fields)
        expect(page).toContain(`pulumi import cim:index:${kind.name} <name> <id>`);
    }
  });

  it("a default computed from other inputs names what it is, never `none` (what it gives for no inputs)", () => {
    const derived = kindList.flatMap((kind) =>
      Object.entries(kind.fields)
        .filter(([, f]) => f.derived)
        .map(([name]) => ({ kind: kind.name, name })),
    );
    expect(derived.length).toBeGreaterThan(0);
    for (const { kind, name } of derived) {
      const row = files[`docs/resources/${kind}.md`].split("\n").find((l) => l.startsWith(`| \`${name}\` |`));
      const defaultCell = row?.split(" | ")[4];
      expect(defaultCell, `${kind}.${name}`).toMatch(/\S/);
      expect(defaultCell, `${kind}.${name}`).not.toBe("none");
    }
  });

  it("a kind without an example is refused, naming it", () => {
    expect(() => resourcePage({ ...kindList[0], example: undefined })).toThrow(/Instance has no example/);
  });

  it("the hook for function pages writes one page per lookup, with its arguments and result, and an index", () => {
    expect(functionPages([])).toEqual({});
    const pages = functionPages([
      {
        name: "getZone",
        doc: "A zone by name or id.",
        input: z.object({ name: z.string().describe("the zone's name"), region: z.string().optional() }),
        output: { schema: z.object({ id: z.string() }), type: "Zone" },
      },
      {
        name: "getZones",
        doc: "Every zone.",
        output: { schema: z.object({ id: z.string() }), type: "Zone", wrap: "items" },
      },
    ]);
    expect(Object.keys(pages).sort()).toEqual([
      "docs/functions/README.md",
      "docs/functions/getZone.md",
      "docs/functions/getZones.md",
    ]);
    expect(pages["docs/functions/getZone.md"]).toContain("cim:index:getZone");
    expect(pages["docs/functions/getZone.md"]).toContain("| `name` | `string` | yes | the zone's name |");
    expect(pages["docs/functions/getZone.md"]).toContain("| `region` | `string` | no |  |");
    expect(pages["docs/functions/getZones.md"]).toContain("`Zone[]`");
    expect(pages["docs/functions/README.md"]).toContain("| [`cim.getZones`](getZones.md) | Every zone. |");
  });

  it("each function page shows its lookup's example, and the same as a whole Pulumi.yaml under it", () => {
    const page = functionPages([{ name: "getZone", doc: "A zone.", example: "EXAMPLE", yaml: "YAML" }])[
      "docs/functions/getZone.md"
    ];
    expect(page).toContain("## Example\n\n```ts\nEXAMPLE\n```\n\nThe same in Pulumi YAML");
    expect(page).toContain("```yaml\nname: get-zone-example\nruntime: yaml\n");
    expect(page).toContain("\nYAML\n```");
    for (const name of Object.keys(lookupRegistry)) {
      const text = files[`docs/functions/${name}.md`];
      expect(text, name).toContain("## Example\n\n```ts\nimport");
      expect(text, name).toMatch(new RegExp(`cim\\s*\\.${name}\\(`));
      expect(text, name).toContain(`\n\`\`\`yaml\nname: `);
      expect(text, name).toContain(`      function: cim:index:${name}\n`);
    }
  });
});
