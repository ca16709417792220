// Files made from the registry of kinds: the SDK's class exports (sdk/kinds.ts). `npm run generate` writes
// them; tests/sdk/generated.test.ts fails when a file is not what the registry makes.

import * as fs from "node:fs";
import * as path from "node:path";
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

if (require.main === module) {
  const root = process.argv[2] ?? process.cwd();
  for (const [file, text] of Object.entries(generatedFiles())) {
    fs.writeFileSync(path.join(root, file), text);
    console.log(`wrote ${file}`);
  }
}
