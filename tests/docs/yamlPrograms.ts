// The Pulumi YAML programs of the docs (every ```yaml block with `runtime: yaml`: the resource pages' examples, the
// installation page's, docs/languages.md's), a check of one against the native plugin's package schema, and the
// merge of many into one program that tests/e2e/yamlExamples.test.ts runs through the CLI. The check is what
// Pulumi YAML's own type checker would refuse before anything runs, found in process: a resource type the plugin
// does not serve, a property that is no input of its type, a required input left out, a literal of the wrong
// type, a function (`fn::invoke`) the plugin lacks or an argument it does not take, and a `${…}` reference to
// nothing in the program (or to an output its resource does not have).
import * as fs from "node:fs";
import * as path from "node:path";
import { parse } from "yaml";
import { nativeFunctions } from "../../provider/lookups";
import { packageSchema } from "../../provider/schema";
import { type Block, codeBlocks, markdownFiles, root } from "./markdown";

type Json = Record<string, unknown>;
type Spec = {
  type?: string;
  $ref?: string;
  items?: Spec;
  additionalProperties?: Spec;
  oneOf?: Spec[];
  properties?: Record<string, Spec>;
  required?: string[];
};
interface Schema {
  resources: Record<
    string,
    { inputProperties: Record<string, Spec>; requiredInputs: string[]; properties: Record<string, Spec> }
  >;
  functions: Record<string, { inputs: Spec; outputs: Spec }>;
  types: Record<string, Spec>;
}

/** The schema the plugin serves (GetSchema): its resources, functions and types. */
export const pluginSchema = (): Schema => packageSchema(nativeFunctions) as unknown as Schema;

export interface YamlProgram extends Block {
  doc: Json;
}

const inScope = (file: string) => file === "README.md" || file.startsWith("docs/");

/** Every whole Pulumi YAML program in the docs, parsed. */
export function yamlPrograms(): YamlProgram[] {
  return markdownFiles()
    .filter(inScope)
    .flatMap((file) => codeBlocks(file, fs.readFileSync(path.join(root, file), "utf8")))
    .filter((b) => /^yaml\b/.test(b.info))
    .map((b) => ({ ...b, doc: parse(b.code) as Json }))
    .filter((p) => p?.doc && typeof p.doc === "object" && p.doc.runtime === "yaml");
}

const TOP = new Set([
  "name",
  "runtime",
  "description",
  "plugins",
  "config",
  "variables",
  "resources",
  "outputs",
]);
const RESOURCE = new Set(["type", "name", "properties", "options", "get", "defaultProvider"]);
/** The built-in functions of Pulumi YAML the docs may use. */
const BUILTINS = new Set([
  "fn::invoke",
  "fn::readFile",
  "fn::toBase64",
  "fn::fromBase64",
  "fn::secret",
  "fn::join",
  "fn::select",
  "fn::split",
  "fn::toJSON",
]);

/** `cim:index:Volume` for `cim:index:Volume` or its short form `cim:Volume`. */
const fullToken = (t: string) => (t.split(":").length === 2 ? t.replace(":", ":index:") : t);

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
/** A value computed when the program runs: an interpolation or a function call. */
const dynamic = (v: unknown) =>
  (typeof v === "string" && v.includes("${")) ||
  (isObject(v) && Object.keys(v).length === 1 && Object.keys(v)[0].startsWith("fn::"));

/** The problems of one Pulumi YAML program against the schema; none when it is right. */
export function checkProgram(doc: Json, schema: Schema = pluginSchema()): string[] {
  const problems: string[] = [];
  for (const k of Object.keys(doc)) if (!TOP.has(k)) problems.push(`unknown top-level key ${k}`);
  const section = (k: string) => (isObject(doc[k]) ? (doc[k] as Json) : {});
  const resources = section("resources");
  const variables = section("variables");
  const names = new Set([
    ...Object.keys(resources),
    ...Object.keys(variables),
    ...Object.keys(section("config")),
  ]);

  /** A literal against its spec (a computed value is the engine's to judge). */
  const literal = (where: string, v: unknown, spec: Spec | undefined) => {
    if (!spec || v === null || dynamic(v)) return;
    if (spec.oneOf) {
      const fits = spec.oneOf.some((s) => {
        const before = problems.length;
        literal(where, v, s);
        return problems.splice(before).length === 0;
      });
      if (!fits) problems.push(`${where}: ${JSON.stringify(v)} is none of the types it takes`);
      return;
    }
    if (spec.$ref) {
      const t = schema.types[spec.$ref.replace("#/types/", "")];
      if (!t) return void problems.push(`${where}: the schema lacks type ${spec.$ref}`);
      return literal(where, v, t);
    }
    const want = spec.type;
    const got = Array.isArray(v) ? "array" : typeof v === "object" ? "object" : typeof v;
    const ok =
      want === "integer"
        ? Number.isInteger(v)
        : want === "number"
          ? got === "number"
          : want === undefined || got === want;
    if (!ok) return void problems.push(`${where}: ${JSON.stringify(v)} is not of type ${want}`);
    if (Array.isArray(v)) for (const [i, x] of v.entries()) literal(`${where}[${i}]`, x, spec.items);
    else if (isObject(v) && spec.properties)
      fields(where, v, spec.properties, spec.required ?? [], "property");
    else if (isObject(v) && spec.additionalProperties)
      for (const [k, x] of Object.entries(v)) literal(`${where}.${k}`, x, spec.additionalProperties);
  };

  /** An object's keys against the fields it takes: none unknown, every required one there, each of its type. */
  const fields = (where: string, v: Json, takes: Record<string, Spec>, required: string[], noun: string) => {
    for (const [k, x] of Object.entries(v)) {
      if (!Object.hasOwn(takes, k))
        problems.push(`${where}: ${k} is no ${noun} (${Object.keys(takes).sort().join(", ") || "none"})`);
      else literal(`${where}.${k}`, x, takes[k]);
    }
    for (const r of required) if (!(r in v)) problems.push(`${where}: required ${noun} ${r} is missing`);
  };

  /** Every `${…}` reference and function call in a value. */
  const expressions = (where: string, v: unknown): void => {
    if (typeof v === "string") {
      for (const m of v.matchAll(/\$\{([^}]*)\}/g)) {
        const [root, attr] = m[1].split(/[.[]/);
        if (!names.has(root)) {
          problems.push(`${where}: \${${m[1]}} names no resource, variable or config value of the program`);
          continue;
        }
        const r = resources[root];
        if (!isObject(r) || attr === undefined || typeof r.type !== "string") continue;
        const spec = schema.resources[fullToken(r.type)];
        if (spec && !["id", "urn"].includes(attr) && !Object.hasOwn(spec.properties, attr))
          problems.push(`${where}: \${${m[1]}}: ${r.type} has no output ${attr}`);
      }
    } else if (Array.isArray(v)) for (const [i, x] of v.entries()) expressions(`${where}[${i}]`, x);
    else if (isObject(v)) {
      const keys = Object.keys(v);
      const fn = keys.length === 1 && keys[0].startsWith("fn::") ? keys[0] : undefined;
      if (fn && !BUILTINS.has(fn)) problems.push(`${where}: unknown function ${fn}`);
      if (fn === "fn::invoke") invoke(where, v[fn]);
      for (const [k, x] of Object.entries(v)) expressions(`${where}.${k}`, x);
    }
  };

  const invoke = (where: string, call: unknown) => {
    if (!isObject(call) || typeof call.function !== "string")
      return void problems.push(`${where}: fn::invoke needs a function`);
    const f = schema.functions[call.function];
    if (!f) return void problems.push(`${where}: the plugin has no function ${call.function}`);
    const args = isObject(call.arguments) ? call.arguments : {};
    fields(`${where} ${call.function}`, args, f.inputs.properties ?? {}, f.inputs.required ?? [], "argument");
    const ret = call.return;
    if (ret !== undefined && !Object.hasOwn(f.outputs.properties ?? {}, String(ret)))
      problems.push(`${where}: ${call.function} answers no field ${String(ret)}`);
  };

  for (const [key, r] of Object.entries(resources)) {
    const where = `resources.${key}`;
    if (!isObject(r)) {
      problems.push(`${where}: not a resource declaration`);
      continue;
    }
    for (const k of Object.keys(r)) if (!RESOURCE.has(k)) problems.push(`${where}: unknown key ${k}`);
    const spec = typeof r.type === "string" ? schema.resources[fullToken(r.type)] : undefined;
    if (!spec) {
      problems.push(`${where}: the plugin serves no resource type ${String(r.type)}`);
      continue;
    }
    const props = isObject(r.properties) ? r.properties : {};
    fields(`${where} (${r.type})`, props, spec.inputProperties, spec.requiredInputs, "input");
    expressions(where, props);
    expressions(`${where}.options`, r.options);
  }
  expressions("variables", variables);
  expressions("outputs", doc.outputs);
  return problems;
}

/** What a program is made of: the resource types and the functions it invokes (sorted). */
export function typesAndFunctions(doc: Json): { types: string[]; functions: string[] } {
  const resources = Object.values(isObject(doc.resources) ? doc.resources : {}) as Json[];
  const functions = new Set<string>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isObject(v)) {
      const call = v["fn::invoke"];
      if (isObject(call) && typeof call.function === "string") functions.add(call.function);
      Object.values(v).forEach(walk);
    }
  };
  walk(doc);
  return {
    types: [...new Set(resources.map((r) => fullToken(String(r.type))))].sort(),
    functions: [...functions].sort(),
  };
}

/**
 * Many programs as one: each program's variables, resources and outputs renamed `<prefix>-<name>` (and every
 * `${name…}` of it with them), a resource's explicit Pulumi name too, so no two collide in one stack.
 */
export function mergePrograms(header: Json, programs: { prefix: string; doc: Json }[]): Json {
  const merged: Record<string, Json> = { variables: {}, resources: {}, outputs: {} };
  for (const { prefix, doc } of programs) {
    const own = (k: string) => (isObject(doc[k]) ? (doc[k] as Json) : {});
    if (Object.keys(own("config")).length) throw new Error(`${prefix}: a program with config is not merged`);
    const renamed = new Set([...Object.keys(own("variables")), ...Object.keys(own("resources"))]);
    const rename = (v: unknown): unknown => {
      if (typeof v === "string")
        return v.replace(/\$\{([^}.[]+)/g, (m, name) => (renamed.has(name) ? `\${${prefix}-${name}` : m));
      if (Array.isArray(v)) return v.map(rename);
      if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rename(x)]));
      return v;
    };
    for (const section of ["variables", "resources", "outputs"] as const) {
      for (const [k, v] of Object.entries(own(section))) {
        let value = rename(v);
        if (section === "resources" && isObject(value) && typeof value.name === "string")
          value = { ...value, name: `${prefix}-${value.name}` };
        merged[section][`${prefix}-${k}`] = value;
      }
    }
  }
  return { ...header, ...merged };
}
