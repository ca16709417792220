// The function pages' examples (docs/functions/<name>.md, made by provider/kinds/functionExamples.ts) run against
// the emulator in this process: each example whose arguments are plain values (or ids another such example
// computes, e.g. `zoneId`) is called as the page shows it and its answer handled as the page does. So a catalogue
// name a page gives is one the emulator has: a reader who copies it gets an answer, not "not found".
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runnableExamples } from "../../provider/kinds/functionExamples";
import { TABLE } from "../../provider/kinds/functionExampleTable";
import { lookupFunctions } from "../../provider/lookups";
import * as catalogue from "../../sdk/lookups/catalogue";
import { useLookupSettings } from "../../sdk/lookups/core";
import { type LookupEntry, lookupRegistry } from "../../sdk/lookups/registry";
import { useProviderEmulator } from "../fixtures/providerEmulator";
import { codeBlocks, root } from "./markdown";

const env = useProviderEmulator({ jobLatencyMs: 0, pollMs: 25 });

const runnable = runnableExamples();
const entry = (name: string) => (lookupRegistry as Record<string, LookupEntry>)[name];
/** The catalogue and the regions: what every account sees, so what a page names must be there. */
const catalogueLookups = Object.values(lookupRegistry)
  .filter((e) => Object.values(catalogue).includes(e.fn as never) || /^get(Default)?Regions?$/.test(e.name))
  .map((e) => e.name);

describe("the function pages' examples against the emulator", () => {
  it("every catalogue lookup's example runs as it is (its arguments are plain values)", () => {
    expect(catalogueLookups.length).toBeGreaterThan(20);
    expect(catalogueLookups.filter((n) => !runnable.some((r) => r.name === n))).toEqual([]);
  });

  it("an organization the examples name exists once a user made it (as a reader's would)", async () => {
    await env().call("POST", "/tenants", { name: "acme" });
  });

  for (const r of runnable) {
    it(`${r.name}: the page's call answers, and the page's handling of the answer works`, async () => {
      const args = await r.args();
      const answer = await entry(r.name).call(args);
      const kept = r.handle(answer);
      const named = TABLE[r.name].named;
      // the record the page names is the one answered
      if (named !== undefined) expect(Object.values(answer as object)).toContain(named);
      expect(kept).toBeDefined();
      if (Array.isArray(kept) && catalogueLookups.includes(r.name)) {
        // a filter that leaves nothing would show a reader an empty list: the example would mean nothing
        expect(kept.length).toBeGreaterThan(0);
        expect(kept.every((v) => v !== undefined)).toBe(true);
      }
    });
  }

  it("a name the emulator does not have fails (so the runs above mean something)", async () => {
    await expect(lookupRegistry.getZone.call({ name: "de-fra-9z" })).rejects.toThrow(/de-fra-9z/);
  });
});

interface Invoke {
  variable: string;
  fn: string;
  args: Record<string, unknown>;
  ret?: string;
}

/**
 * A page's YAML example read back, strictly: the shape the pages use (variables of one `fn::invoke` each, then
 * outputs), each value JSON (which YAML reads the same). Any other line fails, naming it.
 */
function readYaml(text: string): { invokes: Invoke[]; outputs: Record<string, string> } {
  const invokes: Invoke[] = [];
  const outputs: Record<string, string> = {};
  let section = "";
  const last = () => invokes[invokes.length - 1];
  // each line the pages write, the section it belongs to, and what it says
  const rules: [RegExp, string, (m: RegExpMatchArray) => void][] = [
    [/^(variables|outputs):$/, "", (m) => (section = m[1])],
    [/^ {2}(\w+):$/, "variables", (m) => invokes.push({ variable: m[1], fn: "", args: {} })],
    [/^ {4}fn::invoke:$/, "variables", () => {}],
    [/^ {6}function: (cim:index:\w+)$/, "variables", (m) => (last().fn = m[1])],
    [/^ {6}arguments:$/, "variables", () => {}],
    [/^ {8}(\w+): (.+)$/, "variables", (m) => (last().args[m[1]] = JSON.parse(m[2]))],
    [/^ {6}return: (\w+)$/, "variables", (m) => (last().ret = m[1])],
    [/^ {2}(\w+): \$\{(\w+)\}$/, "outputs", (m) => (outputs[m[1]] = m[2])],
  ];
  for (const line of text.split("\n")) {
    const rule = rules.find(([re, where]) => re.test(line) && (where === "" || where === section));
    if (!rule) throw new Error(`a line the pages' YAML does not have: ${JSON.stringify(line)}`);
    rule[2](line.match(rule[0]) as RegExpMatchArray);
  }
  return { invokes, outputs };
}

describe("the function pages' YAML examples (fn::invoke on the native provider)", () => {
  const pages = Object.keys(lookupRegistry).flatMap((name) => {
    const file = `docs/functions/${name}.md`;
    const yaml = codeBlocks(file, fs.readFileSync(path.join(root, file), "utf8")).filter(
      (b) => b.info === "yaml",
    );
    return yaml.map((b) => ({ name, yaml: b.code }));
  });
  const functions = lookupFunctions(() => undefined);
  const schemas = functions.schemas() as Record<
    string,
    {
      inputs: { properties: Record<string, unknown>; required: string[] };
      outputs: { properties: Record<string, unknown> };
    }
  >;
  afterAll(() => useLookupSettings(undefined));

  it("every catalogue lookup's page has one", () => {
    expect(catalogueLookups.filter((n) => !pages.some((p) => p.name === n))).toEqual([]);
  });

  it("the reader refuses a line it does not know (so a page it reads is of the shape it checks)", () => {
    expect(() => readYaml("variables:\n  zoneId:\n    fn::invoke: cim:index:getZone")).toThrow(
      /fn::invoke: cim/,
    );
  });

  for (const { name, yaml } of pages) {
    it(`${name}: each invoke fits the plugin's schema, and runs through the plugin's function`, async () => {
      const { invokes, outputs } = readYaml(yaml);
      expect(invokes[invokes.length - 1].fn).toBe(`cim:index:${name}`);
      const values: Record<string, unknown> = {};
      const settings = { "cim:baseUrl": process.env.CIM_BASE_URL, "cim:token": process.env.CIM_TOKEN };
      const run = lookupFunctions((key) => settings[key as keyof typeof settings]).run;
      for (const i of invokes) {
        const schema = schemas[i.fn];
        expect(schema, i.fn).toBeDefined();
        expect(Object.keys(i.args).filter((k) => !(k in schema.inputs.properties))).toEqual([]);
        expect(schema.inputs.required.filter((k) => !(k in i.args))).toEqual([]);
        if (i.ret) expect(Object.keys(schema.outputs.properties)).toContain(i.ret);
        // `${zoneId}`: an earlier variable's value, as Pulumi YAML interpolates it
        const args = Object.fromEntries(
          Object.entries(i.args).map(([k, v]) => {
            const ref = typeof v === "string" ? v.match(/^\$\{(\w+)\}$/) : null;
            return [k, ref ? values[ref[1]] : v];
          }),
        );
        const answer = await run(i.fn, args);
        values[i.variable] = i.ret ? answer[i.ret] : answer;
        expect(values[i.variable], `${i.variable} of ${name}`).toBeDefined();
      }
      for (const v of Object.values(outputs)) expect(Object.keys(values)).toContain(v);
    });
  }
});
