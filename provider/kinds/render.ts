// Files made from the registry of kinds: the SDK's class exports (sdk/kinds.ts, and sdk/native/kinds.ts for the
// native path: the same types, classes registered as `cim:index:<Kind>`), which `npm run generate` writes and
// tests/sdk/generated.test.ts holds to the registry; and, with `--shims DIR`, the build's one shim module per
// kind (dist/provider/shims/<Kind>.js: see sdk/dynamic.ts), made afresh by every build and never committed.

import * as fs from "node:fs";
import * as path from "node:path";
import { shimModuleText } from "../../sdk/dynamic";
import { type Fields, type Kind, type Outputs, optionalInput, outputNames } from "./define";
import { hoverNotes } from "./fieldNotes";
import { kinds } from "./index";

const header = [
  "// Generated from the registry of kinds (provider/kinds/index.ts) by `npm run generate`; do not edit.",
  "// Each class is made from its kind's declaration: Args are what the provider takes, outputs what it returns.",
  "// The interfaces name those types and carry each field's `doc`, so editors show both; each property's type",
  "// is the declaration's (an indexed access), and `Proven` makes the class fail to compile if the two part.",
  "",
];

/**
 * sdk/kinds.ts: per kind, its Args and instance interfaces (one documented property per input and per output),
 * the interface of its class, and the class.
 */
export function sdkKindsModule(): string {
  const lines = [
    ...header,
    'import { kinds } from "../provider/kinds";',
    'import type { Kind } from "../provider/kinds/define";',
    'import { type ArgsOf, type KindClass, type KindResource, resourceClass } from "./resource";',
    "",
    "/** Each assignable to the other, with the same keys: the same properties, optional alike, of the same types. */",
    "type Same<A, B> = [A, keyof A] extends [B, keyof B] ? [B, keyof B] extends [A, keyof A] ? true : false : false;",
    "/** The class's static members (not its construct signature, which each class declares with its named types). */",
    'type Statics<K extends Kind> = Omit<KindClass<K>, "isInstance">;',
    "/** The resource options the class takes (sdk/resource.ts decides them). */",
    "type OptionsOf<K extends Kind> = ConstructorParameters<KindClass<K>>[2];",
    "/** Nothing when A and R are exactly the kind's Args and instance types, else a member no class has. */",
    "type Proven<K extends Kind, A, R> = [Same<A, ArgsOf<K>>, Same<R, KindResource<K>>] extends [true, true]",
    "  ? Record<never, never>",
    '  : { "differs from its kind\'s declaration: run npm run generate": never };',
    "",
  ];
  for (const [name, kind] of Object.entries(kinds)) {
    const k = `${name}Kind`;
    const args = Object.entries(kind.fields).map(([field, f]) => {
      const opt = optionalInput(f) ? "?" : "";
      const notes = hoverNotes(kind as Kind, field, f);
      const doc = f.doc && notes ? `${f.doc} ${notes}` : f.doc;
      return [docLines(`${name}.${field}`, doc), `readonly ${field}${opt}: ArgsOf<${k}>["${field}"];`];
    });
    const outputs = outputNames(kind).map((out) => {
      const doc = (kind.outputs as Outputs)[out]?.doc ?? (kind.fields as Fields)[out]?.doc;
      return [docLines(`${name}.${out}`, doc), `readonly ${out}: KindResource<${k}>["${out}"];`];
    });
    lines.push(
      `type ${k} = typeof kinds.${name};`,
      "",
      `/** The arguments of cim.${name}. */`,
      `export interface ${name}Args extends ArgsOf<${k}> {`,
      ...args.flat(2),
      "}",
      "",
      `/** ${escapeDoc(kind.summary)} */`,
      `export interface ${name} extends KindResource<${k}> {`,
      ...outputs.flat(2),
      "}",
      "",
      `/** The class cim.${name}: \`new cim.${name}(name, args, opts?)\`; \`cim.${name}.get(name, id, opts?)\` reads one by id. */`,
      `export interface ${name}Class extends Statics<${k}>, Proven<${k}, ${name}Args, ${name}> {`,
      `  /** ${escapeDoc(kind.summary)} */`,
      `  new (name: string, args: ${name}Args, opts?: OptionsOf<${k}>): ${name};`,
      `  isInstance(obj: unknown): obj is ${name};`,
      "}",
      "",
      `/** ${escapeDoc(kind.summary)} */`,
      `export const ${name}: ${name}Class = resourceClass(kinds.${name});`,
      "",
    );
  }
  return `${lines.join("\n").trimEnd()}\n`;
}

/**
 * sdk/native/kinds.ts: per kind, the same Args, instance and class types as sdk/kinds.ts (one program's code fits
 * either path), and the class registered through the pulumi-resource-cim plugin: one short line per kind, typed
 * `<Kind>Class` by nativeClass (sdk/native/nativeClass.ts).
 */
export function sdkNativeKindsModule(): string {
  const lines = [
    header[0],
    "// The classes of `pulumi-cim/native`: the types of sdk/kinds.ts, each class registered as `cim:index:<Kind>`.",
    "",
    'import type * as dynamic from "../kinds";',
    'import { nativeClass } from "./nativeClass";',
    "",
  ];
  for (const [name, kind] of Object.entries(kinds)) {
    lines.push(
      `/** The arguments of cim.${name}. */`,
      `export type ${name}Args = dynamic.${name}Args;`,
      `/** ${escapeDoc(kind.summary)} */`,
      `export type ${name} = dynamic.${name};`,
      `/** The class cim.${name}: \`new cim.${name}(name, args, opts?)\`; \`cim.${name}.get(name, id, opts?)\` reads one by id. */`,
      `export type ${name}Class = dynamic.${name}Class;`,
      `/** ${escapeDoc(kind.summary)} */`,
      `export const ${name} = nativeClass("${name}");`,
      "",
    );
  }
  return `${lines.join("\n").trimEnd()}\n`;
}

/** A property's JSDoc; every input and output must have a `doc`, so editors never show a bare name. */
function docLines(where: string, doc: string | undefined): string[] {
  if (!doc)
    throw new Error(`${where} has no doc: give the field or output a \`doc\` in its kind's declaration`);
  return [`/** ${escapeDoc(doc)} */`];
}

const escapeDoc = (s: string) => s.replace(/\*\//g, "*\\/");

/** The generated files, by path from the repository root. */
export function generatedFiles(): Record<string, string> {
  return { "sdk/kinds.ts": sdkKindsModule(), "sdk/native/kinds.ts": sdkNativeKindsModule() };
}

/** The shim modules of the build, by file name. */
export function shimModules(): Record<string, string> {
  return Object.fromEntries(Object.keys(kinds).map((name) => [`${name}.js`, shimModuleText(name)]));
}

if (require.main === module && process.argv[2] === "--shims") {
  const dir = process.argv[3];
  if (!dir) throw new Error("usage: render.js --shims DIR");
  fs.mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(shimModules())) fs.writeFileSync(path.join(dir, file), text);
} else if (require.main === module) {
  const root = process.argv[2] ?? process.cwd();
  for (const [file, text] of Object.entries(generatedFiles())) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
    console.log(`wrote ${file}`);
  }
}
