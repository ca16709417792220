// Which rows the bad-input suite also previews through the real CLI. Every row's check runs in-process (the rule,
// its message, no change reaching the API); what a CLI preview adds is the engine's path from the program to the
// user, and that path differs by how the failure arises, not by kind or rule. So the CLI previews the first row
// (in cases.ts order) of each path below, found from the row and what its in-process check did, and every row
// about a secret (what the engine prints is the point there). A row added to cases.ts joins the sample when it
// takes a path no earlier row takes; a path no row takes fails the suite.
import { kinds } from "../../provider/kinds";
import type { BadCase } from "./cases";
import type { CheckOutcome } from "./inProcess";

export interface EnginePath {
  name: string;
  /** What the engine does on this path that an in-process check cannot show. */
  why: string;
  takes(c: BadCase, o: CheckOutcome): boolean;
}

type Schema = { safeParse(v: unknown): { success: boolean; error?: { issues: any[] } } };

const fieldOf = (c: BadCase, property: string): { schema: Schema } | undefined =>
  (kinds[c.kind].fields as Record<string, { schema: Schema }>)[property];

/**
 * Why the declared field a failure names refuses its value on its own: its type, or its rule; undefined when
 * the field's schema accepts the value (the failure comes from a rule across fields or a lookup) or the property
 * is not a declared field.
 */
function ownRefusal(c: BadCase, o: CheckOutcome, property: string): "type" | "rule" | undefined {
  const field = property ? fieldOf(c, property) : undefined;
  if (!field) return undefined;
  const value = o.inputs[property];
  const r = field.schema.safeParse(value === null ? undefined : value);
  if (r.success) return undefined;
  // zod reports a missing value as invalid_type too; a value of another type is there
  const wrongType = value !== undefined && r.error?.issues.some((i) => i.code === "invalid_type");
  return wrongType ? "type" : "rule";
}

const refusals = (c: BadCase, o: CheckOutcome) => o.failures.map((f) => ownRefusal(c, o, f.property));

/** No settings, no old inputs, no read of the API: the rule alone decides. */
const plain = (c: BadCase, o: CheckOutcome) =>
  !c.settings && !c.existing && Object.keys(o.reads).length === 0;

export const ENGINE_PATHS: EnginePath[] = [
  {
    name: "a field's own rule",
    why: "a check failure naming a property: the engine prints `property P value V has a problem: …`",
    takes: (c, o) => plain(c, o) && refusals(c, o).includes("rule"),
  },
  {
    name: "a value of the wrong type",
    why: "the SDK class and Pulumi's serialization pass a value of another type through to check as given",
    takes: (c, o) => plain(c, o) && refusals(c, o).includes("type"),
  },
  {
    name: "a rule across fields",
    why: "a failure of the kind's cross-field rules, on values each field's schema accepts",
    takes: (c, o) =>
      plain(c, o) && o.failures.some((f) => fieldOf(c, f.property) && !ownRefusal(c, o, f.property)),
  },
  {
    name: "an input the kind does not declare",
    why: "the SDK class passes a misspelt key along (JavaScript programs have no types) so check can name it",
    takes: (c, o) => o.failures.some((f) => f.property !== "" && !fieldOf(c, f.property)),
  },
  {
    name: "a lookup at check",
    why: "the provider process reads the API at preview, with the settings the engine configured it with",
    takes: (c, o) => !c.settings && !c.existing && Object.keys(o.reads).length > 0,
  },
  {
    name: "a provider setting",
    why: "the program's CIM_* environment reaches configure() in the provider process the engine starts",
    takes: (c) => c.settings !== undefined,
  },
  {
    name: "a resource already in the stack",
    why: "check gets the old inputs from the stack's state, after a real `pulumi up` made the resource",
    takes: (c) => c.existing !== undefined,
  },
  {
    name: "a failure that names no property",
    why: "the engine prints `resource 'x' has a problem: …` and no value (how secrets and settings are reported)",
    takes: (c, o) => !c.settings && o.failures.some((f) => f.property === ""),
  },
];

/** The rows the CLI previews: the first row of each engine path (by path name), and every row about a secret. */
export function engineSample(
  rows: readonly BadCase[],
  outcomes: ReadonlyMap<BadCase, CheckOutcome>,
): { byPath: Map<string, BadCase | undefined>; rows: BadCase[] } {
  const byPath = new Map<string, BadCase | undefined>();
  for (const p of ENGINE_PATHS) {
    byPath.set(
      p.name,
      rows.find((c) => {
        const o = outcomes.get(c);
        return o !== undefined && p.takes(c, o);
      }),
    );
  }
  const sample = rows.filter((c) => c.mustNotShow !== undefined || [...byPath.values()].includes(c));
  return { byPath, rows: sample };
}
