// The records lookups answer, as documented TypeScript interfaces (sdk/lookups/records.ts): a record's type is the
// client's (its zod schema's output, provider/client), which an editor shows without a word on any field, since
// a type inferred from zod carries no doc comments. `npm run generate` writes each record with the description its
// schema gives it and its fields with the type the client's record has, read with the compiler, and the
// descriptions its schema gives them (the same words as the package schema and the reference pages), so a hover
// over `zone.capacity` says what capacity is.
// tests/lookups/registry.test.ts holds the file to its sources. Run from a checkout only (the compiler is a
// development dependency).

import * as path from "node:path";
import ts from "typescript";
import type { z } from "zod";
import type { LookupEntry } from "../../sdk/lookups/entries";
import { lookupRegistry } from "../../sdk/lookups/registry";
import { ImageSchema } from "../families/images/records";
import { objectSpecOf } from "../schema/zodTypes";
import { recordTypeToken } from "./index";

/**
 * Types of the client's whose fields several records share, written once and extended (with what each says of
 * itself): a template and an ISO are images.
 */
const BASES: Record<string, z.ZodType> = { Image: ImageSchema };
/** Records the SDK states itself (a map, or an interface of its own), not written here. */
const OWN = new Set(["Preferences", "InstanceGroupList"]);

/** What a record's schema says of the record and of each of its fields. */
export interface RecordDescription {
  description?: string;
  fields: Record<string, string | undefined>;
}

function descriptionsOf(schema: z.ZodType, name: string): RecordDescription {
  const spec = objectSpecOf(schema, name, { tokenOf: recordTypeToken, types: {} });
  return {
    description: spec.description,
    fields: Object.fromEntries(Object.entries(spec.properties).map(([k, p]) => [k, p.description])),
  };
}

/**
 * Every record type a lookup answers, by its name in the package schema (the client's type of that name), with the
 * descriptions its schema gives it and its fields.
 */
export function recordDescriptions(): Map<string, RecordDescription> {
  const out = new Map<string, RecordDescription>();
  for (const entry of Object.values(lookupRegistry) as LookupEntry[]) {
    const { type, schema } = entry.output;
    if (OWN.has(type) || out.has(type)) continue;
    out.set(type, descriptionsOf(schema, type));
  }
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
}

/** A description as a doc comment, indented by `indent`. */
function docComment(text: string, indent = "  "): string[] {
  const lines = text.replaceAll("*/", "*\\/").split("\n");
  return lines.length === 1
    ? [`${indent}/** ${lines[0]} */`]
    : [`${indent}/**`, ...lines.map((l) => `${indent} * ${l}`), `${indent} */`];
}

/** The repository's tsconfig.json, parsed: what the compiler reads the sources with (here and in the tests). */
export function repoConfig(root: string): ts.ParsedCommandLine {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  );
  if (!config) throw new Error("tsconfig.json did not parse");
  return config;
}

/** The text of sdk/lookups/records.ts. */
export function recordTypesModule(root: string): string {
  const config = repoConfig(root);
  const entry = path.join(root, "provider", "client", "index.ts");
  const program = ts.createProgram([entry], config.options);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const module = source && checker.getSymbolAtLocation(source);
  if (!module) throw new Error("recordTypes: provider/client/index.ts did not load");
  const exported = new Map(checker.getExportsOfModule(module).map((s) => [s.name, s]));
  const flags =
    ts.TypeFormatFlags.NoTruncation |
    ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope |
    ts.TypeFormatFlags.WriteArrayAsGenericType;
  /** A record's fields as interface members, each with its doc comment; and its index signature. */
  const members = (name: string, described: RecordDescription["fields"]) => {
    const found = exported.get(name);
    if (!found) throw new Error(`recordTypes: provider/client exports no type ${name}`);
    const symbol = found.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(found) : found;
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    const fields = new Map<string, { doc: string[]; decl: string }>();
    for (const p of checker.getPropertiesOfType(type)) {
      const doc = described[p.name];
      const optional = p.flags & ts.SymbolFlags.Optional ? "?" : "";
      const text = checker.typeToString(checker.getTypeOfSymbol(p), undefined, flags);
      const key = /^[A-Za-z_$][\w$]*$/.test(p.name) ? p.name : JSON.stringify(p.name);
      fields.set(p.name, { doc: doc ? docComment(doc) : [], decl: `  ${key}${optional}: ${text};` });
    }
    const index = checker.getIndexInfoOfType(type, ts.IndexKind.String);
    const rest = index
      ? [
          "  /** A field the API adds that this version does not know of. */",
          `  [field: string]: ${checker.typeToString(index.type, undefined, flags)};`,
        ]
      : [];
    return { fields, rest };
  };
  const records = recordDescriptions();
  const out = [
    "// Generated from the lookups' record schemas by `npm run generate`; do not edit.",
    "// The records lookups answer: each field with the client's type for it and its schema's description, so that",
    "// an editor says what each field is (provider/lookups/recordTypes.ts).",
    "",
  ];
  type Fields = ReturnType<typeof members>["fields"];
  const lines = (fields: Fields, keys: Iterable<string>) =>
    [...keys].flatMap((k) => [...(fields.get(k)?.doc ?? []), fields.get(k)?.decl ?? ""]);
  // the shared fields first
  const bases = new Map<string, Fields>();
  for (const [base, schema] of Object.entries(BASES)) {
    const described = descriptionsOf(schema, base);
    const { fields, rest } = members(base, described.fields);
    bases.set(base, fields);
    out.push(
      ...docComment(described.description ?? "", ""),
      `export interface ${base} {`,
      ...lines(fields, fields.keys()),
      ...rest,
      "}",
      "",
    );
  }
  for (const [name, described] of records) {
    const { fields, rest } = members(name, described.fields);
    // a base whose every field this record has, of the same type; a field the record describes in other words
    // is declared again with them
    const base = [...bases].find(([, b]) => [...b].every(([k, f]) => fields.get(k)?.decl === f.decl));
    const inherited = (k: string) => {
      const from = base?.[1].get(k);
      return from !== undefined && from.doc.join("\n") === fields.get(k)?.doc.join("\n");
    };
    const own = [...fields.keys()].filter((k) => !inherited(k));
    out.push(
      ...(described.description ? docComment(described.description, "") : []),
      `export interface ${name}${base ? ` extends ${base[0]}` : ""} {`,
      ...lines(fields, own),
      ...rest,
      "}",
      "",
    );
  }
  return out.join("\n");
}
