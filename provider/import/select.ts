// `pulumi-cim import --kind/--id/--name/--tag`: adopting part of a region (one volume, the VPCs) rather than all of it.
// The whole region is still read, because some kinds are found through others (an instance's schedules); the
// inventory is narrowed after, and the program refers to what it does not adopt by id, as it does for
// resources it never adopts.

import type { Inventory } from "./inventory";
import { importedKinds } from "./inventory";

/**
 * What to adopt: every condition given holds; each of kinds, ids and names is any of its values, and every tag
 * (key and value) must be on the resource.
 */
export interface Selection {
  kinds?: readonly string[];
  ids?: readonly string[];
  names?: readonly string[];
  tags?: readonly (readonly [string, string])[];
}

/** `--tag KEY=VALUE` values as pairs; one without `=` or without a key fails. */
export function tagsNamed(values: readonly string[]): [string, string][] {
  return values.map((v) => {
    const at = v.indexOf("=");
    if (at <= 0) throw new Error(`--tag ${v}: give a tag as KEY=VALUE, e.g. --tag env=prod`);
    return [v.slice(0, at), v.slice(at + 1)];
  });
}

/** The names of the kinds import adopts, alphabetically (for help and errors). */
export const importableKindNames = (): string[] =>
  importedKinds()
    .map((k) => k.name)
    .sort();

/** The kind names `--kind` values name, any case ("volume" → Volume); an unknown one fails, listing the kinds. */
export function kindsNamed(values: readonly string[]): string[] {
  const known = importableKindNames();
  return values.map((v) => {
    const found = known.find((k) => k.toLowerCase() === v.trim().toLowerCase());
    if (!found)
      throw new Error(
        `--kind ${v}: pulumi-cim import adopts no such kind; the kinds are ${known.join(", ")}`,
      );
    return found;
  });
}

/** The selection in words, for the program's header and the command's summary ("kind Volume, id 1a2b…"). */
export function describeSelection(sel: Selection): string | undefined {
  const parts = [
    ...(sel.kinds ?? []).map((k) => `kind ${k}`),
    ...(sel.ids ?? []).map((i) => `id ${i}`),
    ...(sel.names ?? []).map((n) => `name ${JSON.stringify(n)}`),
    ...(sel.tags ?? []).map(([k, v]) => `tag ${k}=${v}`),
  ];
  return parts.length ? parts.join(", ") : undefined;
}

/**
 * The inventory with only the selected records (and the not-adopted ones the selection names). An id or name
 * that selects nothing fails, saying why: read but not adopted (and the reason), or not in the region.
 */
export function narrowInventory(inv: Inventory, sel: Selection): Inventory {
  const kinds = sel.kinds?.length ? new Set(sel.kinds) : undefined;
  const ids = sel.ids?.length ? new Set(sel.ids) : undefined;
  const names = sel.names?.length ? new Set(sel.names) : undefined;
  const tags = sel.tags?.length ? sel.tags : undefined;
  if (!kinds && !ids && !names && !tags) return inv;
  const wanted = (kind: string, r: { id: string; name?: string; tags?: unknown }) =>
    (!kinds || kinds.has(kind)) &&
    (!ids || ids.has(r.id)) &&
    (!names || (r.name !== undefined && names.has(r.name))) &&
    (!tags || tags.every(([k, v]) => (r.tags as Record<string, unknown> | undefined)?.[k] === v));

  const records = Object.fromEntries(
    Object.entries(inv.records).map(([kind, rows]) => [kind, rows.filter((r) => wanted(kind, r))]),
  );
  const skipped = inv.skipped.filter((s) => wanted(s.kind, s));
  const kept = Object.values(records).flat();
  const where = `region ${inv.region.name ?? inv.region.id}${kinds ? ` among ${[...kinds].join(", ")}` : ""}`;
  const missing = (what: string, found: (r: { id: string; name?: string }) => boolean) => {
    if (kept.some(found)) return;
    const not = skipped.find(found);
    throw new Error(
      not
        ? `${what} is ${not.kind} ${not.name ?? not.id}, which is not adopted: ${not.reason}`
        : `${what}: nothing pulumi-cim import adopts has it in ${where}`,
    );
  };
  for (const id of ids ?? []) missing(`--id ${id}`, (r) => r.id === id);
  for (const name of names ?? []) missing(`--name ${name}`, (r) => r.name === name);
  if (tags && !kept.length)
    throw new Error(
      `${tags.map(([k, v]) => `--tag ${k}=${v}`).join(" ")}: nothing pulumi-cim import adopts has it in ${where}`,
    );
  return { ...inv, records, skipped, selection: describeSelection(sel) };
}
