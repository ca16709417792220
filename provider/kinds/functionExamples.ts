// The example program of each function page (docs/functions/<name>.md), made from the lookup's shape in the
// registry of lookups and a few values per lookup (functionExampleTable.ts): which record a catalogue lookup
// names and which resource input its id feeds, which field a list is mapped to, which declared resource a record
// lookup reads back by id. The call's text, the answer's variable names and the declarations the example stands
// on are worked out here, so the 69 examples are not 69 hand-written snippets, and a renamed argument or field
// breaks their type-check (tests/docs/codeBlocks.test.ts). The same data runs them against the emulator
// (tests/docs/functionExamples.test.ts): what a page shows with plain values is what a reader gets.

import { type LookupEntry, lookupRegistry } from "../../sdk/lookups/registry";
import { example as sharedSetup } from "./examples";
import { type LookupName, SETUPS, type Setup, type Spec, TABLE } from "./functionExampleTable";

export type { LookupName, Spec };

/** A resolved argument: a plain value, or a value the example computed before the call. */
type Ref = { promise: string } | { output: string; needs: string };

const isRef = (v: unknown): v is Ref => typeof v === "object" && v !== null;
const lowerFirst = (s: string) => s[0].toLowerCase() + s.slice(1);
const plural = (s: string) => (/[^aeiou]y$/.test(s) ? `${s.slice(0, -1)}ies` : `${s}s`);

/** The examples' line width, as the repository's formatter's. */
const WIDTH = 110;

const GENERIC = new Set(["Type", "List", "System"]);

/**
 * The answer's variable: the record type's last word when it says enough (`offering` of `ComputeOffering`), else
 * the whole type (`osType`); the whole type too where the example declares a constant of that name.
 */
function varOf(type: string, taken: ReadonlySet<string>): string {
  const words = type.match(/[A-Z][a-z]*/g) ?? [type];
  const last = words[words.length - 1];
  const says = words.length > 1 && last.length >= 4 && !GENERIC.has(last);
  const short = says ? last.toLowerCase() : lowerFirst(type);
  return taken.has(short) || taken.has(plural(short)) ? lowerFirst(type) : short;
}

/** The lookup's argument as a table entry gives it: `named` is the field a bare string stands for. */
export function argsOf(name: LookupName): Record<string, unknown> {
  const spec: Spec = TABLE[name];
  const entry = lookupRegistry[name] as LookupEntry;
  const args: Record<string, unknown> = {};
  if (spec.named !== undefined) {
    if (!entry.shorthand) throw new Error(`${name} takes no bare name: give its argument in args`);
    args[entry.shorthand.name] = spec.named;
  }
  return { ...args, ...spec.args };
}

/** What the example does with the answer, as the text of an arrow function (plain JavaScript: it is run). */
export function thenOf(name: LookupName, taken: ReadonlySet<string> = new Set()): string {
  const spec: Spec = TABLE[name];
  if (spec.handle) return spec.handle;
  const out = (lookupRegistry[name] as LookupEntry).output;
  const one = varOf(out.type, taken);
  if (out.wrap !== "items") return `(${one}) => ${one}.${spec.keep ?? "id"}`;
  const v = one[0];
  const all = plural(one);
  const filter = spec.filter ? `.filter((${v}) => ${spec.filter(v)})` : "";
  return `(${all}) => ${all}${filter}.map((${v}) => ${v}.${spec.keep ?? "name"})`;
}

/** The statement that calls the lookup: `[export] const <as> = <call>.then(<then>);`. */
function statement(
  name: LookupName,
  taken: ReadonlySet<string> = new Set(),
): { code: string; needs: string[] } {
  const spec: Spec = TABLE[name];
  const args = argsOf(name);
  const refs = Object.entries(args).filter((e): e is [string, Ref] => isRef(e[1]));
  const text = ([k, v]: [string, unknown]) => (isRef(v) ? k : `${k}: ${JSON.stringify(v)}`);
  const rest = Object.entries(args).filter(([k]) => k !== spec.positional);
  // computed arguments by their variable's name ({ zoneId }), then the plain ones
  const fields = [...rest.filter(([, v]) => isRef(v)), ...rest.filter(([, v]) => !isRef(v))].map(text);
  const first = spec.positional
    ? isRef(args[spec.positional])
      ? spec.positional
      : JSON.stringify(args[spec.positional])
    : undefined;
  const query = fields.length ? `{ ${fields.join(", ")} }` : "";
  const argText = [first, query].filter(Boolean).join(", ");
  const then = `.then(${thenOf(name, taken)})`;
  // a long call breaks before its parts, as a formatter would
  const flat = `cim.${name}(${argText})${then}`;
  const call = (indent: string, lead: number) =>
    lead + flat.length <= WIDTH ? flat : `cim\n${indent}  .${name}(${argText})\n${indent}  ${then}`;
  const needs = refs.map(([, r]) => ("promise" in r ? r.promise : r.needs));
  const head = `${spec.feeds ? "" : "export "}const ${spec.as} = `;
  let value: string;
  if (refs.length === 0) value = call("", head.length);
  else {
    let source: string;
    if (refs.length === 1) {
      const [key, ref] = refs[0];
      source = `${"promise" in ref ? ref.promise : ref.output}.${"promise" in ref ? "then" : "apply"}((${key}) =>`;
    } else {
      if (refs.some(([, r]) => "promise" in r))
        throw new Error(`${name}: several computed arguments must be outputs`);
      const sources = refs.map(([, r]) => (r as { output: string }).output).join(", ");
      source = `pulumi.all([${sources}]).apply(([${refs.map(([k]) => k).join(", ")}]) =>`;
    }
    const line = `${source} ${flat})`;
    value = head.length + line.length <= WIDTH ? line : `${source}\n  ${call("  ", 2)},\n)`;
  }
  return { code: `${head}${value};`, needs };
}

/** The lookups whose example's constant is a setup others use (`zoneId`, `templateId`, …), by that name. */
const FEEDS = new Map(
  (Object.keys(TABLE) as LookupName[]).filter((n) => TABLE[n].feeds).map((n) => [TABLE[n].as, n]),
);

/** A declaration the examples share: the lookup that defines it, a shared one (examples.ts) or this file's. */
function setup(key: string): { code: string; needs: string[] } {
  const fed = FEEDS.get(key);
  if (fed) return statement(fed);
  const own: Setup | undefined = SETUPS[key];
  if (!own) throw new Error(`no setup named ${key}`);
  if ("shared" in own) return { code: sharedSetup([own.shared]), needs: own.needs };
  return own;
}

/** The declarations `keys` stand on, and themselves unless `only` needs: each once, what it needs first. */
function declarations(keys: readonly string[], have: ReadonlySet<string>, only = false): string[] {
  const order: string[] = [];
  const seen = new Set(have);
  const visit = (key: string, self: boolean) => {
    if (seen.has(key)) return;
    if (self) seen.add(key);
    for (const n of setup(key).needs) visit(n, true);
    if (self) order.push(key);
  };
  for (const k of keys) visit(k, !only);
  return order;
}

/** The example program of a lookup's page, whole (imports included). */
export function functionExample(name: LookupName): string {
  const spec: Spec = TABLE[name];
  const own = statement(name);
  const before = declarations(own.needs, new Set([spec.as]));
  const after = declarations(spec.after ?? [], new Set([spec.as, ...before]), true);
  const rest = declarations(spec.after ?? [], new Set([spec.as, ...before, ...after]));
  // the catalogue's ids first, then resources; a lookup that feeds one sits right after the other ids
  const ids = [...before, ...after].filter((k) => FEEDS.has(k));
  const resources = [...before, ...after].filter((k) => !FEEDS.has(k));
  const codeOf = (keys: string[]) => keys.map((k) => setup(k).code);
  const declared = codeOf([...ids, ...resources, ...rest]).join("\n");
  const taken = new Set([...declared.matchAll(/\bconst (\w+)/g)].map((m) => m[1]));
  const call = statement(name, taken).code;
  const body = (
    spec.feeds
      ? [...codeOf(ids), call, ...codeOf(resources), ...codeOf(rest)]
      : [...codeOf(ids), ...codeOf(resources), call, ...codeOf(rest)]
  ).join("\n");
  const imports = [
    ...(body.includes("pulumi.") ? ['import * as pulumi from "@pulumi/pulumi";'] : []),
    'import * as cim from "pulumi-cim";',
  ];
  return [...imports, "", body].join("\n");
}

/**
 * An example that runs without a Pulumi program: every argument a plain value or the id another such example
 * computes (a catalogue lookup's, e.g. `zoneId`). Those whose arguments are a declared resource's are not.
 */
export interface Runnable {
  name: LookupName;
  /** The argument, computed arguments resolved by running the examples that compute them. */
  args(): Promise<Record<string, unknown>>;
  /** What the example does with the answer. */
  handle: (answer: unknown) => unknown;
}

function runnable(name: LookupName): Runnable | undefined {
  const entries = Object.entries(argsOf(name));
  const refs = entries.filter(([, v]) => isRef(v)) as [string, Ref][];
  if (refs.some(([, r]) => !("promise" in r) || !FEEDS.has(r.promise))) return undefined;
  return {
    name,
    handle: new Function(`return ${thenOf(name)}`)() as (answer: unknown) => unknown,
    async args() {
      const out: Record<string, unknown> = {};
      for (const [k, v] of entries)
        out[k] = isRef(v) ? await runExample((v as { promise: string }).promise) : v;
      return out;
    },
  };
}

/** Runs the example that computes a setup (`zoneId`): the lookup with its argument, then its `then`. */
async function runExample(key: string): Promise<unknown> {
  const r = runnable(FEEDS.get(key) as LookupName);
  if (!r) throw new Error(`${key} is not computed by a runnable example`);
  const entry = lookupRegistry[r.name] as LookupEntry;
  return r.handle(await entry.call(await r.args()));
}

/** Every example that runs as it is, by lookup. */
export function runnableExamples(): Runnable[] {
  return (Object.keys(TABLE) as LookupName[]).flatMap((n) => runnable(n) ?? []);
}

// ------------------------------------------------------------------------------ the native provider's YAML form

/** One `fn::invoke` of a YAML example: a variable that holds what the plugin's function answers. */
export interface Invoke {
  variable: string;
  function: string;
  /** Plain values, or `${variable}` of an earlier invoke. */
  arguments: Record<string, unknown>;
  /** The answer's field the variable keeps (a list's `items`); none: the whole answer. */
  return?: string;
}

function invokeOf(name: LookupName): Invoke {
  const spec: Spec = TABLE[name];
  const out = (lookupRegistry[name] as LookupEntry).output;
  const args = Object.fromEntries(
    Object.entries(argsOf(name)).map(([k, v]) => [
      k,
      isRef(v) ? `\${${(v as { promise: string }).promise}}` : v,
    ]),
  );
  // YAML has no map or filter: a list's variable holds the records, named for them (a record's too, when the
  // TypeScript computes from it)
  const variable =
    out.wrap === "items" ? plural(lowerFirst(out.type)) : spec.handle ? lowerFirst(out.type) : spec.as;
  return {
    variable,
    function: `cim:index:${name}`,
    arguments: args,
    return: out.wrap ?? (spec.handle ? undefined : (spec.keep ?? "id")),
  };
}

/**
 * The invokes of a lookup's YAML example, those of the ids it uses first; none when the example's arguments are
 * a declared resource's (the YAML would have to declare it too: the TypeScript example shows that).
 */
export function invokesOf(name: LookupName): Invoke[] | undefined {
  if (!runnable(name)) return undefined;
  const chain: Invoke[] = [];
  const add = (n: LookupName) => {
    for (const v of Object.values(argsOf(n)))
      if (isRef(v) && "promise" in v) add(FEEDS.get(v.promise) as LookupName);
    if (!chain.some((i) => i.function === `cim:index:${n}`)) chain.push(invokeOf(n));
  };
  add(name);
  return chain;
}

/** The YAML example: the invokes as variables, the lookup's own one a stack output unless an id fed onward. */
export function yamlExample(name: LookupName): string | undefined {
  const chain = invokesOf(name);
  if (!chain) return undefined;
  const lines = ["variables:"];
  for (const i of chain) {
    lines.push(`  ${i.variable}:`, "    fn::invoke:", `      function: ${i.function}`);
    const args = Object.entries(i.arguments);
    if (args.length)
      lines.push("      arguments:", ...args.map(([k, v]) => `        ${k}: ${JSON.stringify(v)}`));
    if (i.return) lines.push(`      return: ${i.return}`);
  }
  const own = chain[chain.length - 1];
  if (!TABLE[name].feeds) lines.push("outputs:", `  ${own.variable}: \${${own.variable}}`);
  return lines.join("\n");
}
