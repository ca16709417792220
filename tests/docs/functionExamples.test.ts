// The function pages' examples (docs/functions/<name>.md, made by provider/kinds/functionExamples.ts) run against
// the emulator in this process: each example whose arguments are plain values (or ids another such example
// computes, e.g. `zoneId`) is called as the page shows it and its answer handled as the page does. So a catalogue
// name a page gives is one the emulator has: a reader who copies it gets an answer, not "not found". Each page's
// YAML example's invokes that need no resource run the same way, through the plugin's function; those that read a
// resource the program declares run in tests/e2e/yamlExamples.test.ts, which deploys the programs.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { runnableExamples } from "../../provider/kinds/functionExamples";
import { TABLE } from "../../provider/kinds/functionExampleTable";
import { lookupFunctions } from "../../provider/lookups";
import * as catalogue from "../../sdk/lookups/catalogue";
import { useLookupSettings } from "../../sdk/lookups/core";
import type { LookupEntry } from "../../sdk/lookups/entries";
import { lookupRegistry } from "../../sdk/lookups/registry";
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

/**
 * A page's YAML example read back: its `fn::invoke` variables in order, each with the variables and resources its
 * arguments refer to (`${zoneId}`, `${nat.publicIpId}`), and its outputs.
 */
function invokesOf(doc: any) {
  const resources = new Set(Object.keys(doc.resources ?? {}));
  const invokes = Object.entries<any>(doc.variables ?? {}).map(([variable, v]) => {
    const call = v["fn::invoke"];
    if (!call) throw new Error(`variable ${variable} is no fn::invoke`);
    const refs = Object.values<unknown>(call.arguments ?? {}).flatMap((a) =>
      typeof a === "string" ? [...a.matchAll(/\$\{(\w+)/g)].map((m) => m[1]) : [],
    );
    return {
      variable,
      fn: call.function as string,
      args: (call.arguments ?? {}) as Record<string, unknown>,
      ret: call.return as string | undefined,
      onResources: refs.some((r) => resources.has(r)),
    };
  });
  return { invokes, outputs: (doc.outputs ?? {}) as Record<string, string> };
}

describe("the function pages' YAML examples (fn::invoke on the native provider)", () => {
  const pages = Object.keys(lookupRegistry).flatMap((name) => {
    const file = `docs/functions/${name}.md`;
    const yaml = codeBlocks(file, fs.readFileSync(path.join(root, file), "utf8")).filter(
      (b) => b.info === "yaml",
    );
    return yaml.map((b) => ({ name, doc: parse(b.code) }));
  });
  afterAll(() => useLookupSettings(undefined));

  it("every function page has one (tests/docs/yamlExamples.test.ts checks each against the schema)", () => {
    expect(Object.keys(lookupRegistry).filter((n) => pages.filter((p) => p.name === n).length !== 1)).toEqual(
      [],
    );
  });

  it("a catalogue lookup's invokes run without a resource (so each is run below)", () => {
    for (const name of catalogueLookups) {
      const { invokes } = invokesOf(pages.find((p) => p.name === name)?.doc);
      expect(
        invokes.filter((i) => i.onResources).map((i) => i.variable),
        name,
      ).toEqual([]);
    }
  });

  for (const { name, doc } of pages) {
    it(`${name}: the invokes that need no resource run through the plugin's function as written`, async () => {
      const { invokes, outputs } = invokesOf(doc);
      expect(invokes.some((i) => i.fn === `cim:index:${name}`)).toBe(true);
      const values: Record<string, unknown> = {};
      const settings = { "cim:baseUrl": process.env.CIM_BASE_URL, "cim:token": process.env.CIM_TOKEN };
      const run = lookupFunctions((key) => settings[key as keyof typeof settings]).run;
      // the others read resources the program declares: tests/e2e/yamlExamples.test.ts deploys them
      for (const i of invokes.filter((x) => !x.onResources)) {
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
      for (const v of Object.values(outputs)) {
        const variable = v.match(/^\$\{(\w+)\}$/)?.[1];
        expect(variable && invokes.some((i) => i.variable === variable), v).toBe(true);
      }
    });
  }
});
