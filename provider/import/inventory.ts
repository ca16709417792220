// `pulumi-cim import`, step 1: read what lives in one region through the API client: the records of every kind
// the registry marks importable (provider/kinds/: `importer`), with their tags, plus the catalogue names the
// generated program shows in comments. Reads only: nothing here changes the cloud.

import type { CimClient, Network, Region } from "../client";
import { tagMap } from "../client";
import { kindList } from "../kinds";
import type { Kind, LiveRecord } from "../kinds/define";
import { CATALOGUES, fetchCatalogue } from "../lifecycle/lookups";
import type { Session } from "../lifecycle/session";

/** States of a kind's resources that are gone or going (its declaration says which): never adopted. */
const goneOrGoing = (kind: Kind) =>
  new Set([...(kind.states?.gone ?? []), ...(kind.states?.deleting ? [kind.states.deleting] : [])]);

/** A live record as read: its tags as a map for kinds that carry tags. */
export type LiveRow = LiveRecord & Record<string, any> & { name?: string };

export interface Inventory {
  region: { id: string; name?: string };
  /** Where it was read from (the API base address; no credential). */
  baseUrl?: string;
  /** The records to adopt, by kind name (Instance, Volume, …). */
  records: Record<string, LiveRow[]>;
  /** Catalogue names by id (zones, templates, ISOs, offerings), for comments. */
  names: Record<string, string>;
  /** Resources read but not adopted, and why. */
  skipped: { kind: string; id: string; name?: string; reason: string }[];
  /** What the records were narrowed to (`--kind`, `--id`, `--name`: select.ts), in words; absent: everything. */
  selection?: string;
}

/** The kinds `pulumi-cim import` adopts, in the order the program declares them. */
export const importedKinds = (): Kind[] =>
  kindList.filter((k) => k.importer && k.api).sort((a, b) => a.importer!.order - b.importer!.order);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The region a `--region` value names: a region id as it is, or a name (or id) looked up in the region
 * list (the emulator's GET /regions; a real endpoint without it accepts ids only).
 */
export async function resolveRegion(
  client: CimClient,
  value: string,
): Promise<{ id: string; name?: string }> {
  let regions: Region[] | undefined;
  try {
    regions = await client.catalogue.regions();
  } catch (err) {
    if (UUID.test(value)) return { id: value };
    throw new Error(
      `cannot list the regions to find "${value}" (${(err as Error).message}); give the region's id (a uuid) instead`,
    );
  }
  const found = regions.filter((r) => r.id === value || r.name?.toLowerCase() === value.toLowerCase());
  if (found.length === 1) return { id: found[0].id, name: found[0].name };
  if (found.length === 0 && UUID.test(value)) return { id: value };
  const list = regions.map((r) => `${r.name ?? "?"} (${r.id})`).join(", ");
  throw new Error(
    found.length
      ? `region "${value}" is ambiguous: ${found.map((r) => r.id).join(", ")}`
      : `no region "${value}"; the regions are: ${list}`,
  );
}

/** Reads the region's resources. `client` should carry the region as its default. */
export async function readInventory(
  client: CimClient,
  region: { id: string; name?: string },
): Promise<Inventory> {
  const o = { region: region.id };
  const session = { client, region: region.id, kind: "import" } as unknown as Session;
  const skipped: Inventory["skipped"] = [];
  const records: Record<string, LiveRow[]> = {};
  const everything: LiveRow[] = [];
  // Kinds of the same order do not depend on each other: read them at once.
  const orders = [...new Set(importedKinds().map((k) => k.importer!.order))];
  for (const order of orders) {
    const batch = importedKinds().filter((k) => k.importer!.order === order);
    await Promise.all(
      batch.map(async (kind) => {
        const importer = kind.importer!;
        const rows = (
          importer.list ? await importer.list(session, records) : await kind.api.list!(session)
        ) as LiveRow[];
        everything.push(...rows);
        const gone = goneOrGoing(kind);
        const kept = rows.filter((r) => {
          const why = gone.has(r.state ?? "") ? `state ${r.state}` : importer.skip?.(r);
          if (why) skipped.push({ kind: kind.name, id: r.id, name: r.name, reason: why });
          return !why;
        });
        records[kind.name] = kind.tags
          ? await Promise.all(
              kept.map(async (r) => ({
                ...r,
                tags:
                  r.tags && typeof r.tags === "object" && !Array.isArray(r.tags)
                    ? stringMap(r.tags as Record<string, unknown>)
                    : tagMap(await client.tags.list({ kind: kind.tags!, id: r.id }, o)),
              })),
            )
          : kept;
      }),
    );
  }

  const names = await catalogueNames(client, o);
  // Names of what may be referred to without being adopted (shared networks, skipped resources).
  for (const r of everything)
    if (r.name) names[r.id] = isShared(r as Network) ? `${r.name} (shared zone network)` : r.name;
  // Networks the instances use that the lists do not show (the zone's shared network): their names.
  const unlisted = new Set(
    (records.Instance ?? []).flatMap((i) =>
      Array.isArray(i.networkIds)
        ? i.networkIds.filter((id: unknown): id is string => typeof id === "string" && !(id in names))
        : [],
    ),
  );
  for (const id of unlisted) {
    const n = await client.networks.get(id, o).catch(() => undefined);
    if (n?.name) names[id] = isShared(n) ? `${n.name} (shared zone network)` : n.name;
  }
  return { region, records, names, skipped };
}

/** A network the account does not own: the zone's shared network (the emulator's `type: Shared`). */
export function isShared(n: Network): boolean {
  const r = n as Record<string, unknown>;
  return String(r.type ?? "").toLowerCase() === "shared" || r.shared === true;
}

function stringMap(o: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));
}

/** id → name of the catalogue entries; a catalogue that cannot be read only costs its comments. */
async function catalogueNames(client: CimClient, o: { region: string }): Promise<Record<string, string>> {
  const reads = CATALOGUES.map(
    (name) => fetchCatalogue(client, name, o) as Promise<{ id: string; name?: string }[]>,
  );
  const names: Record<string, string> = {};
  for (const r of await Promise.allSettled(reads)) {
    if (r.status !== "fulfilled") continue;
    for (const row of r.value) if (row.name) names[row.id] = row.name;
  }
  return names;
}
