// The reference pages made from the registry of kinds: docs/resources/<Kind>.md, one per kind, and their index,
// docs/resources/README.md. `npm run generate` writes them and tests/docs/generated.test.ts holds them to the
// registry, so a page says what the declaration says: its summary and example, each field's type, doc, change
// rule, default and secrecy, each output, and how an existing resource is brought under management.
// Function pages (docs/functions/<name>.md and their index) come from the registry of lookups (sdk/lookups/registry.ts).

import * as fs from "node:fs";
import * as path from "node:path";
import { z } from "zod";
import { lookupRegistry } from "../../sdk/lookups/registry";
import { nativeFunctions, recordTypeToken } from "../lookups";
import { recordedApiCalls } from "./apiCallsData";
import { apiCallsLines } from "./apiCallsDocs";
import { type FieldSpec, type Kind, type OutputSpec, optionalInput, refOf } from "./define";
import { yamlProgram } from "./examples";
import { catalogueLookup, mustExistClause, timeoutsDefault } from "./fieldNotes";
import { functionExample, type LookupName, yamlExample } from "./functionExamples";
import { kindList } from "./index";

const GENERATED =
  "<!-- Generated from the kind's declaration (provider/families/) by `npm run generate`; do not edit. -->";

/** What a change of a field does, by its declared rule. */
const CHANGE: Record<FieldSpec["change"], string> = {
  update: "in place",
  replace: "**replaces**",
  state: "recorded only (no API call)",
  ignore: "read at create only",
};

type Json = Record<string, unknown>;

/** A TypeScript-like type text for a JSON schema (zod's, input or output side). */
export function typeText(s: Json | undefined): string {
  if (!s || Object.keys(s).filter((k) => k !== "$schema").length === 0) return "unknown";
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(" \\| ");
  const union = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (union) return [...new Set(union.map(typeText))].join(" \\| ");
  switch (s.type) {
    case "string":
      return "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array": {
      const item = typeText(s.items as Json | undefined);
      return item.includes(" ") ? `(${item})[]` : `${item}[]`;
    }
    case "object": {
      const props = s.properties as Record<string, Json> | undefined;
      if (props) {
        const required = new Set((s.required as string[] | undefined) ?? []);
        const parts = Object.entries(props).map(
          ([k, v]) => `${k}${required.has(k) ? "" : "?"}: ${typeText(v)}`,
        );
        return `{ ${parts.join("; ")} }`;
      }
      const values = s.additionalProperties;
      return `Record<string, ${typeof values === "object" ? typeText(values as Json) : "unknown"}>`;
    }
  }
  return "unknown";
}

function schemaType(schema: z.ZodType, io: "input" | "output"): string {
  try {
    return typeText(z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Json);
  } catch {
    return "unknown";
  }
}

/** The shared `timeouts` field checks its value by hand (any value, then its own rules): name the SDK type. */
const fieldType = (name: string, f: FieldSpec, io: "input" | "output") =>
  name === "timeouts" ? "ResourceTimeouts" : schemaType(io === "output" && f.shown ? f.shown : f.schema, io);

/** Text fit for one table cell. */
const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n+/g, " ");

/** What an absent input stands for, as far as the declaration says it. */
function defaultOf(kind: Kind, name: string, f: FieldSpec): string {
  if (name === "name" && kind.nameFromResource) return "the resource name (an imported one keeps its own)";
  if (name === "timeouts") return timeoutsDefault(kind);
  if (f.stateDefault && "value" in f.stateDefault) return `\`${JSON.stringify(f.stateDefault.value)}\``;
  if (f.stateDefault && "sameAs" in f.stateDefault) return `the \`${f.stateDefault.sameAs}\` output`;
  if (f.docDefault) return f.docDefault;
  // a default computed from other inputs: what it gives for none of them says nothing
  if (typeof f.unset === "function" && !f.derived) {
    try {
      const v = f.unset({});
      if (v === null) return "none";
      if (v !== undefined) return `\`${JSON.stringify(v)}\``;
    } catch {
      // a default computed from other inputs without `derived`: the field's doc says it
    }
  }
  return "";
}

function inputRows(kind: Kind): string[] {
  const rows = [
    "| input | type | required | on change | default | description |",
    "|---|---|---|---|---|---|",
  ];
  for (const [name, f] of Object.entries(kind.fields)) {
    const defaulted = name === "name" && kind.nameFromResource;
    const required = !optionalInput(f)
      ? "yes"
      : f.requiredUnlessAdopting && !defaulted
        ? "unless adopting"
        : "no";
    const ref = refOf(f);
    const lookup = f.lookup && catalogueLookup(f.lookup.catalogue);
    const refers = ref
      ? ` Names a [\`cim.${ref.kind}\`](${ref.kind}.md) by ${ref.by}${ref.mustExist ? mustExistClause(ref.by) : ""}.`
      : lookup
        ? ` An id: [\`cim.${lookup}\`](../functions/${lookup}.md) finds it by name.`
        : "";
    const secret = f.secret ? "**Secret.** " : "";
    rows.push(
      `| \`${name}\` | \`${fieldType(name, f, "input")}\` | ${required} | ${CHANGE[f.change]} | ${defaultOf(kind, name, f)} | ${cell(secret + (f.doc ?? "") + refers)} |`,
    );
  }
  return rows;
}

function outputRows(kind: Kind): string[] {
  const outs = kind.outputs as Record<string, OutputSpec>;
  const rows = [
    "Every input that is not secret is also an output of the same name and type (`region`: the region actually",
    "used). Besides those, and `id` (the resource's id in the API):",
    "",
    "| output | type | description |",
    "|---|---|---|",
  ];
  for (const [name, o] of Object.entries(outs)) {
    const moves = o.follows?.map((f) => `\`${f}\``).join(" or ");
    const follows = moves ? ` In a preview that changes ${moves}: unknown until the \`up\`.` : "";
    const doc = (o.secret ? "**Secret.** " : "") + (o.doc ?? "") + follows;
    rows.push(`| \`${name}\` | \`${schemaType(o.schema, "output")}\` | ${cell(doc)} |`);
  }
  return rows;
}

/** What the declaration says about the kind's lifecycle beyond its fields. */
function lifecycleLines(kind: Kind): string[] {
  const lines: string[] = [];
  const fields = Object.entries(kind.fields as Record<string, FieldSpec>);
  const names = (rule: FieldSpec["change"]) =>
    fields.filter(([, f]) => f.change === rule).map(([n]) => `\`${n}\``);
  const inPlace = names("update");
  lines.push(
    `- **Changed in place:** ${inPlace.length ? inPlace.join(", ") : "nothing (every change replaces)"}.`,
    `- **Replaced on change:** ${names("replace").join(", ") || "nothing"}.`,
  );
  const recorded = names("state");
  if (recorded.length)
    lines.push(`- **Recorded only** (a change sends nothing to the API): ${recorded.join(", ")}.`);
  if (kind.deleteBeforeReplace)
    lines.push("- A replacement deletes the old resource first when the two could not exist at once.");
  if (kind.replaceWhen)
    lines.push("- Some in-place changes replace instead when the platform takes them one way only.");
  const secrets = fields.filter(([, f]) => f.secret).map(([n]) => `\`${n}\``);
  const secretOuts = Object.entries(kind.outputs as Record<string, OutputSpec>)
    .filter(([, o]) => o.secret)
    .map(([n]) => `\`${n}\``);
  if (secrets.length)
    lines.push(
      `- **Secret inputs:** ${secrets.join(", ")}: encrypted in state, never an output, never in messages.`,
    );
  if (secretOuts.length) lines.push(`- **Secret outputs:** ${secretOuts.join(", ")}.`);
  if (kind.tags)
    lines.push(
      `- **Tags** go through the API's \`${kind.tags}\` tag route; the program's map is authoritative.`,
    );
  if (kind.quota)
    lines.push(
      `- Each create counts against the \`${kind.quota.limit}\` allowance ([quota preflight](../guides/policy-pack.md#quota-preflight)).`,
    );
  for (const u of kind.alsoUses ?? [])
    lines.push(
      `- ${u.doc ?? `Each create also uses ${typeof u.count === "number" ? u.count : "some"} ${u.noun} allowance.`}`,
    );
  const st = kind.states;
  if (st?.busy?.length)
    lines.push(`- Waits while the API reports ${st.busy.map((s) => `\`${s}\``).join(", ")}.`);
  if (st?.gone?.length) lines.push(`- Counts as gone in ${st.gone.map((s) => `\`${s}\``).join(", ")}.`);
  if (st?.failed)
    lines.push(`- A create that leaves it \`${st.failed}\` is replaced on the next \`pulumi up\`.`);
  // only a kind backed by a record of its own can adopt one (commonFields.adoptId)
  if (!("adoptId" in kind.fields))
    lines.push("- Has no record of its own in the API: it manages values on another resource.");
  return lines;
}

function importLines(kind: Kind): string[] {
  const token = `cim:index:${kind.name}`;
  if (!("adoptId" in kind.fields)) {
    return [
      "This kind manages values on another resource rather than a record of its own: there is nothing to adopt;",
      "declare it and `pulumi up` applies its values.",
    ];
  }
  const lines = [
    `- **Adoption** (the dynamic path): give \`adoptId: "<id>"\` to manage an existing ${kind.noun} instead of creating`,
    "  one; preview reads it and names every field that differs and cannot change in place. The `import` resource",
    `  option is taken as \`adoptId\`. See [Bring existing infrastructure under management](../guides/import.md).`,
  ];
  if (kind.importer)
    lines.push(
      `- **\`pulumi-cim import\`** writes a program that adopts every ${kind.noun} of a region (with what it refers to).`,
    );
  lines.push(
    `- **\`pulumi import\`** (the native provider, package \`pulumi-cim/native\`): \`pulumi import ${token} <name> <id>\`.`,
  );
  return lines;
}

/** The project name of a page's YAML example: `Network` → `network-example`, `getZone` → `get-zone-example`. */
const projectName = (name: string) =>
  `${name.replace(/[A-Z]/g, (c, i) => (i ? "-" : "") + c.toLowerCase())}-example`;

/** The kind's example in Pulumi YAML, a whole project file, under the TypeScript one. */
function yamlExampleLines(kind: Kind): string[] {
  const yaml = kind.yamlExample?.trim();
  if (!yaml)
    throw new Error(`kind ${kind.name} has no YAML example: give it a yamlExample in its declaration`);
  const project = projectName(kind.name);
  return [
    "The same in Pulumi YAML, on the native plugin ([other languages](../languages.md)), as a whole `Pulumi.yaml`:",
    "",
    "```yaml",
    yamlProgram(project, yaml),
    "```",
    "",
  ];
}

/** docs/resources/<Kind>.md */
export function resourcePage(kind: Kind): string {
  const example = kind.example?.trim();
  if (!example) throw new Error(`kind ${kind.name} has no example: give it one in its declaration`);
  return [
    GENERATED,
    "",
    `# cim.${kind.name}`,
    "",
    kind.summary,
    "",
    `Type token: \`pulumi-nodejs:dynamic/cim:${kind.name}\` (dynamic path), \`cim:index:${kind.name}\` (native provider).`,
    "Behaviour in depth: [Resources in depth](../guides/resources.md).",
    "",
    "## Example",
    "",
    "```ts",
    'import * as cim from "pulumi-cim";',
    "",
    example,
    "```",
    "",
    ...yamlExampleLines(kind),
    "## Inputs",
    "",
    "Every input takes a plain value, a promise or another resource's output.",
    "",
    ...inputRows(kind),
    "",
    "## Outputs",
    "",
    ...outputRows(kind),
    "",
    "## Changes, defaults and secrets",
    "",
    ...lifecycleLines(kind),
    "",
    ...apiCallsLines(kind, recordedApiCalls()[kind.name]),
    "## Import",
    "",
    ...importLines(kind),
    "",
  ].join("\n");
}

/** docs/resources/README.md: every kind with its summary. */
export function resourceIndex(): string {
  return [
    GENERATED,
    "",
    "# Resources",
    "",
    "One page per kind, made from its declaration: inputs and outputs with their types, what changes in place and",
    "what replaces, defaults, secrets, and how to import. [Resources in depth](../guides/resources.md) tells what",
    "each does with the API; [the functions](../guides/lookups.md) look ids up by name.",
    "",
    "| resource | what it is |",
    "|---|---|",
    ...kindList.map((k) => `| [\`cim.${k.name}\`](${k.name}.md) | ${cell(k.summary)} |`),
    "",
  ].join("\n");
}

/**
 * A lookup as a registry of lookups describes it: the hook for docs/functions/ pages. Its shape is what such a
 * registry's entries carry (name, doc, input schema, output schema with its type name), so its entries can be
 * passed as they are: `docsFiles(Object.values(registry))`.
 */
export interface FunctionDoc {
  /** The SDK function, e.g. `getZone`; the native provider's token is `cim:index:<name>`. */
  readonly name: string;
  readonly doc: string;
  /** The argument's schema (an object of fields). */
  readonly input?: z.ZodType;
  /** The answer's schema and type name; `wrap`: a list (`items`) or a map (`values`) of it. */
  readonly output?: {
    readonly schema: z.ZodType;
    readonly type?: string;
    readonly wrap?: "items" | "values";
  };
  /** A whole example program (imports included). */
  readonly example?: string;
  /** The same program in Pulumi YAML (its sections; the lookup an `fn::invoke`), shown as a whole Pulumi.yaml. */
  readonly yaml?: string;
}

type TypeSpec = {
  type?: string;
  $ref?: string;
  items?: TypeSpec;
  additionalProperties?: TypeSpec;
  oneOf?: TypeSpec[];
};

/** A Pulumi schema type as the pages write types. */
function specText(t: TypeSpec | undefined): string {
  if (!t) return "unknown";
  if (t.$ref === "pulumi.json#/Any") return "unknown";
  if (t.$ref) return t.$ref.split(":").pop() ?? "unknown";
  if (t.oneOf) return [...new Set(t.oneOf.map(specText))].join(" \\| ");
  if (t.type === "array") return `${specText(t.items)}[]`;
  if (t.type === "object" && t.additionalProperties)
    return `Record<string, ${specText(t.additionalProperties)}>`;
  return t.type === "integer" ? "number" : (t.type ?? "unknown");
}

type ObjectSpec = {
  description?: string;
  properties?: Record<string, TypeSpec & { description?: string }>;
  required?: string[];
};

/**
 * What a lookup's record is and its fields, as the package schema describes them (the plugin's answer has this
 * shape): the record's named type, or the function's own answer when the record is no type of its own.
 */
function recordRows(f: FunctionDoc): string[] {
  const type = f.output?.type;
  const types = nativeFunctions.types() as Record<string, ObjectSpec>;
  const functions = nativeFunctions.schemas() as Record<string, { outputs?: ObjectSpec }>;
  const spec =
    (type === undefined ? undefined : types[recordTypeToken(type)]) ??
    (f.output?.wrap === undefined ? functions[`cim:index:${f.name}`]?.outputs : undefined);
  if (!spec?.properties) return [];
  const required = new Set(spec.required ?? []);
  return [
    ...(spec.description ? [spec.description, ""] : []),
    "| field | type | always there | description |",
    "|---|---|---|---|",
    ...Object.entries(spec.properties).map(
      ([k, v]) =>
        `| \`${k}\` | \`${specText(v)}\` | ${required.has(k) ? "yes" : "no"} | ${cell(v.description ?? "")} |`,
    ),
    "",
  ];
}

/** A table of a lookup's arguments. */
function fieldRows(of: z.ZodType, io: "input"): string[] {
  let schema: Json;
  try {
    schema = z.toJSONSchema(of, { io, unrepresentable: "any" }) as Json;
  } catch {
    return [];
  }
  const props = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  if (Object.keys(props).length === 0) return io === "input" ? ["It takes no arguments.", ""] : [];
  return [
    `| ${io === "input" ? "argument" : "field"} | type | required | description |`,
    "|---|---|---|---|",
    ...Object.entries(props).map(
      ([k, v]) =>
        `| \`${k}\` | \`${typeText(v)}\` | ${required.has(k) ? "yes" : "no"} | ${cell(String(v.description ?? ""))} |`,
    ),
    "",
  ];
}

function resultText(output: NonNullable<FunctionDoc["output"]>): string {
  const one = output.type ?? schemaType(output.schema, "output");
  return output.wrap === "items" ? `${one}[]` : output.wrap === "values" ? `Record<string, ${one}>` : one;
}

/** docs/functions/<name>.md and its index, from the registry of lookups (none until one is passed). */
export function functionPages(functions: readonly FunctionDoc[]): Record<string, string> {
  if (functions.length === 0) return {};
  const generated = "<!-- Generated from the registry of lookups by `npm run generate`; do not edit. -->";
  const pages: Record<string, string> = {};
  for (const f of functions) {
    pages[`docs/functions/${f.name}.md`] = [
      generated,
      "",
      `# cim.${f.name}`,
      "",
      f.doc,
      "",
      `Token on the native provider: \`cim:index:${f.name}\`. How lookups read their settings and cache their`,
      "answers: [Lookups](../guides/lookups.md).",
      "",
      ...(f.example ? ["## Example", "", "```ts", f.example.trim(), "```", ""] : []),
      ...(f.yaml
        ? [
            "The same in Pulumi YAML, on the native plugin ([other languages](../languages.md)), as a whole `Pulumi.yaml`:",
            "",
            "```yaml",
            yamlProgram(projectName(f.name), f.yaml),
            "```",
            "",
          ]
        : []),
      ...(f.input ? ["## Arguments", "", ...fieldRows(f.input, "input")] : []),
      ...(f.output ? ["## Result", "", `\`${resultText(f.output)}\``, "", ...recordRows(f)] : []),
    ].join("\n");
  }
  pages["docs/functions/README.md"] = [
    generated,
    "",
    "# Functions",
    "",
    "Each page: an example program (TypeScript, and the same in Pulumi YAML), the arguments and the result.",
    "",
    "| function | what it does |",
    "|---|---|",
    ...functions.map((f) => `| [\`cim.${f.name}\`](${f.name}.md) | ${cell(firstSentence(f.doc))} |`),
    "",
  ].join("\n");
  return pages;
}

/**
 * A doc's first sentence, for an index row: its first paragraph's lines joined, cut at the first full stop outside
 * code that ends a sentence (not the one of "e.g." or "i.e.").
 */
export function firstSentence(doc: string): string {
  const text = doc
    .split(/\n\s*\n/)[0]
    .replace(/\s*\n\s*/g, " ")
    .trim();
  let code = false;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "`") code = !code;
    if (code || text[i] !== "." || (i + 1 < text.length && text[i + 1] !== " ")) continue;
    if (/(?:^|[\s(])(?:e\.g|i\.e|etc)$/.test(text.slice(0, i))) continue;
    return text.slice(0, i + 1);
  }
  return text;
}

/** The generated documentation, by path from the repository root. */
export function docsFiles(
  functions: readonly FunctionDoc[] = Object.values(lookupRegistry).map((e) => ({
    ...e,
    example: functionExample(e.name as LookupName),
    yaml: yamlExample(e.name as LookupName),
  })),
): Record<string, string> {
  const files: Record<string, string> = { "docs/resources/README.md": resourceIndex() };
  for (const k of kindList) files[`docs/resources/${k.name}.md`] = resourcePage(k);
  return { ...files, ...functionPages(functions) };
}

if (require.main === module) {
  const root = process.argv[2] ?? process.cwd();
  for (const [file, text] of Object.entries(docsFiles())) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  console.log("wrote docs/resources and docs/functions");
}
