// Files made from the registry of kinds: the SDK's class exports (sdk/kinds.ts), which `npm run generate` writes
// and tests/sdk/generated.test.ts holds to the registry; and, with `--shims DIR`, the build's one shim module per
// kind (dist/provider/shims/<Kind>.js: see sdk/dynamic.ts), made afresh by every build and never committed.

import * as fs from "node:fs";
import * as path from "node:path";
import { shimModuleText } from "../../sdk/dynamic";
import { kinds } from "./index";

const header = [
  "// Generated from the registry of kinds (provider/kinds/index.ts) by `npm run generate`; do not edit.",
  "// Each class is made from its kind's declaration: Args are what the provider takes, outputs what it returns.",
  "",
];

/** sdk/kinds.ts: one class, its instance type and its Args type per kind. */
export function sdkKindsModule(): string {
  const lines = [
    ...header,
    'import { kinds } from "../provider/kinds";',
    'import { type ArgsOf, type KindResource, resourceClass } from "./resource";',
    "",
  ];
  for (const [name, kind] of Object.entries(kinds)) {
    lines.push(
      `/** ${kind.summary} */`,
      `export const ${name} = resourceClass(kinds.${name});`,
      `export type ${name} = KindResource<typeof kinds.${name}>;`,
      `/** The arguments of cim.${name}. */`,
      `export type ${name}Args = ArgsOf<typeof kinds.${name}>;`,
      "",
    );
  }
  return `${lines.join("\n").trimEnd()}\n`;
}

/** The generated files, by path from the repository root. */
export function generatedFiles(): Record<string, string> {
  return { "sdk/kinds.ts": sdkKindsModule() };
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
    fs.writeFileSync(path.join(root, file), text);
    console.log(`wrote ${file}`);
  }
}
