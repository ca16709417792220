// `pulumi-cim import --import-file … --state FILE`: what a stack already holds, read from `pulumi stack export`, so a
// second import into the same stack (another region, another selection) neither takes a name the stack has given
// a resource of the same kind (Pulumi refuses the whole import: "resource … already exists") nor brings in a
// resource the stack already manages under another name (two resources of one record: two deletes at destroy).

import * as fs from "node:fs";

export interface StackState {
  /** Kind name → the names its resources have in the stack. */
  names: Map<string, Set<string>>;
  /** "<kind>/<id>" → the name the stack gives that record. */
  ids: Map<string, string>;
}

/** A pulumi-cim type token of either path: `cim:index:<Kind>` or `pulumi-nodejs:dynamic/cim:<Kind>`. */
const KIND_OF_TYPE = /^(?:cim:index:|pulumi-nodejs:dynamic\/cim:)(\w+)$/;

/** The cim resources of a `pulumi stack export` text; throws naming the file when it is not one. */
export function readStackState(file: string): StackState {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    throw new Error(
      `cannot read the stack export ${file}: write it with \`pulumi stack export --file ${file}\``,
    );
  }
  let resources: unknown;
  try {
    resources = JSON.parse(text)?.deployment?.resources ?? [];
  } catch {
    resources = undefined;
  }
  if (!Array.isArray(resources))
    throw new Error(`${file} is not a stack export: write it with \`pulumi stack export --file ${file}\``);
  const state: StackState = { names: new Map(), ids: new Map() };
  for (const r of resources as { urn?: string; type?: string; id?: string; delete?: boolean }[]) {
    const kind = KIND_OF_TYPE.exec(r.type ?? "")?.[1];
    if (!kind || !r.urn || r.delete) continue;
    const name = r.urn.split("::").slice(3).join("::");
    if (!state.names.has(kind)) state.names.set(kind, new Set());
    state.names.get(kind)!.add(name);
    if (r.id) state.ids.set(`${kind}/${r.id}`, name);
  }
  return state;
}
