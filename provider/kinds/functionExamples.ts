// The example program of each function page (docs/functions/<name>.md), made from the lookup's shape in the
// registry of lookups and a few values per lookup (functionExampleTable.ts): which record a catalogue lookup
// names and which resource input its id feeds, which field a list is mapped to, which declared resource a record
// lookup reads back by id. The call's text, the answer's variable names and the declarations the example stands
// on are worked out here, so the 69 examples are not 69 hand-written snippets, and a renamed argument or field
// breaks their type-check (tests/docs/codeBlocks.test.ts). The same data runs them against the emulator
// (tests/docs/functionExamples.test.ts): what a page shows with plain values is what a reader gets.
//
// Each page shows the same program in Pulumi YAML under the TypeScript one, made from the same plan: the ids as
// `fn::invoke` variables, each declaration's YAML made from the one spelling its TypeScript is made from too
// (examples.ts, functionExampleTable.ts), and the call an `fn::invoke` whose arguments are those variables or the
// outputs of the resources it reads (tests/docs/yamlExamples.test.ts holds it to the TypeScript and the plugin's
// schema; tests/e2e/yamlExamples.test.ts deploys them).

import type { LookupEntry } from "../../sdk/lookups/entries";
import { lookupRegistry } from "../../sdk/lookups/registry";
import { indent, shared, WIDTH, type YamlParts, yamlInvoke, yamlSections } from "./examples";
import { type LookupName, SETUPS, type Setup, type Spec, TABLE } from "./functionExampleTable";

export type { LookupName, Spec };

/** A resolved argument: a plain value, or a value the example computed before the call. */
type Ref = { promise: string } | { output: string; needs: string };

const isRef = (v: unknown): v is Ref => typeof v === "object" && v !== null;
const lowerFirst = (s: string) => s[0].toLowerCase() + s.slice(1);
const plural = (s: string) => (/[^aeiou]y$/.test(s) ? `${s.slice(0, -1)}ies` : `${s}s`);

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
  if ("shared" in own) return { code: shared(own.shared).ts, needs: own.needs };
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

/** What a lookup's example declares besides its own call, by setup, in the order the program has them. */
interface Plan {
  /** The catalogue's ids (a lookup that computes one). */
  ids: string[];
  /** The resources the call needs, or that the id it computes feeds. */
  resources: string[];
  /** What those resources need in turn, declared after them. */
  rest: string[];
}

function planOf(name: LookupName): Plan {
  const spec: Spec = TABLE[name];
  const before = declarations(statement(name).needs, new Set([spec.as]));
  const after = declarations(spec.after ?? [], new Set([spec.as, ...before]), true);
  const rest = declarations(spec.after ?? [], new Set([spec.as, ...before, ...after]));
  // the catalogue's ids first, then resources
  const ids = [...before, ...after].filter((k) => FEEDS.has(k));
  const resources = [...before, ...after].filter((k) => !FEEDS.has(k));
  return { ids, resources, rest };
}

/** A program's pieces in order: the ids, the call right after them when it computes one, else after the resources. */
function inOrder<T>(name: LookupName, plan: Plan, call: T, each: (key: string) => T): T[] {
  const [ids, resources, rest] = [plan.ids.map(each), plan.resources.map(each), plan.rest.map(each)];
  return TABLE[name].feeds ? [...ids, call, ...resources, ...rest] : [...ids, ...resources, call, ...rest];
}

/** The example program of a lookup's page, whole (imports included). */
export function functionExample(name: LookupName): string {
  const plan = planOf(name);
  const code = (k: string) => setup(k).code;
  const declared = [...plan.ids, ...plan.resources, ...plan.rest].map(code).join("\n");
  const taken = new Set([...declared.matchAll(/\bconst (\w+)/g)].map((m) => m[1]));
  const body = inOrder(name, plan, statement(name, taken).code, code).join("\n");
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
  /** Plain values, or `${…}` of an earlier variable or of a resource's output. */
  arguments: Record<string, unknown>;
  /** The answer's field the variable keeps (a list's `items`); none: the whole answer. */
  return?: string;
}

/**
 * A lookup's call in YAML. `keyOf` names the YAML key of a resource the TypeScript holds in a constant (an argument
 * that is a declared resource's output: `db.id` is `${db.id}`, `vpc.id` is `${main.id}`).
 */
function invokeOf(name: LookupName, keyOf: (constant: string) => string): Invoke {
  const spec: Spec = TABLE[name];
  const out = (lookupRegistry[name] as LookupEntry).output;
  const value = (v: Ref): string => {
    if ("promise" in v) return `\${${v.promise}}`;
    const [constant, ...field] = v.output.split(".");
    return `\${${[keyOf(constant), ...field].join(".")}}`;
  };
  const args = Object.fromEntries(Object.entries(argsOf(name)).map(([k, v]) => [k, isRef(v) ? value(v) : v]));
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

/** An invoke as an entry of `variables`, written as the shared declarations write theirs (examples.ts). */
function invokeEntry(i: Invoke): string {
  const call = yamlInvoke(
    i.function.replace(/^cim:index:/, ""),
    i.arguments as Record<string, string | number | boolean>,
    i.return,
  );
  return `${i.variable}:\n${indent(call, 2)}`;
}

const noConstants = (constant: string): string => {
  throw new Error(`a lookup that computes an id refers to no resource (${constant})`);
};

/** A declaration in YAML: the invoke of the lookup that computes it (an id), or the setup's own entries. */
function yamlSetup(key: string): YamlParts {
  const fed = FEEDS.get(key);
  if (fed) return { variables: invokeEntry(invokeOf(fed, noConstants)) };
  const own: Setup | undefined = SETUPS[key];
  if (!own) throw new Error(`no setup named ${key}`);
  return "shared" in own ? shared(own.shared).yaml : own.yaml;
}

/** The top-level keys of YAML entries (`main:` of `main:\n  type: …`). */
const keysOf = (entries: string | undefined) =>
  [...(entries ?? "").matchAll(/^([\w-]+):/gm)].map((m) => m[1]);

/**
 * The YAML key of the resource a setup holds in the TypeScript constant `constant`: the one resource of the same
 * type among the setup's YAML resources (`const vpc = new cim.Vpc("main", …)` is keyed `main`).
 */
function yamlKeyOf(constant: string, declared: readonly string[]): string {
  for (const key of declared) {
    const type = new RegExp(`\\bconst ${constant} = new cim\\.(\\w+)\\(`).exec(setup(key).code)?.[1];
    if (!type) continue;
    const resources = yamlSetup(key).resources ?? "";
    const keys = keysOf(resources).filter((k) =>
      new RegExp(`^${k}:\\n(?: {2}.*\\n)*? {2}type: cim:index:${type}$`, "m").test(resources),
    );
    if (keys.length !== 1)
      throw new Error(`setup ${key}: no one YAML resource of type ${type} for ${constant}`);
    return keys[0];
  }
  throw new Error(`no setup declares the constant ${constant}`);
}

/**
 * The lookup's example in Pulumi YAML (the body of a Pulumi.yaml: its sections): what the TypeScript example
 * declares, each setup's YAML, and the call as an `fn::invoke`, a stack output unless it computes an id another
 * declaration takes.
 */
export function yamlExample(name: LookupName): string {
  const plan = planOf(name);
  const declared = [...plan.ids, ...plan.resources, ...plan.rest];
  const own = invokeOf(name, (constant) => yamlKeyOf(constant, declared));
  const parts = inOrder<YamlParts>(name, plan, { variables: invokeEntry(own) }, yamlSetup);
  if (!TABLE[name].feeds) parts.push({ outputs: `${own.variable}: \${${own.variable}}` });
  // variables and resources share one namespace in Pulumi YAML
  const keys = parts.flatMap((p) => [...keysOf(p.variables), ...keysOf(p.resources)]);
  const twice = keys.filter((k, i) => keys.indexOf(k) !== i);
  if (twice.length) throw new Error(`${name}: the YAML example declares ${twice.join(", ")} twice`);
  return yamlSections(parts);
}
