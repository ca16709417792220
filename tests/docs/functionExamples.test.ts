// The function pages' examples (docs/functions/<name>.md, made by provider/kinds/functionExamples.ts) run against
// the emulator in this process: each example whose arguments are plain values (or ids another such example
// computes, e.g. `zoneId`) is called as the page shows it and its answer handled as the page does. So a catalogue
// name a page gives is one the emulator has: a reader who copies it gets an answer, not "not found".
import { describe, expect, it } from "vitest";
import { functionExample, runnableExamples } from "../../provider/kinds/functionExamples";
import { TABLE } from "../../provider/kinds/functionExampleTable";
import * as catalogue from "../../sdk/lookups/catalogue";
import { type LookupEntry, lookupRegistry } from "../../sdk/lookups/registry";
import { useProviderEmulator } from "../fixtures/providerEmulator";

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

  it("every page's example calls its own lookup", () => {
    for (const name of Object.keys(lookupRegistry) as (keyof typeof lookupRegistry)[])
      expect(functionExample(name)).toMatch(new RegExp(`\\b(cim\\s*\\.)?${name}\\(`));
  });
});
