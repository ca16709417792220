// `pulumi-cim import`, step 1: read what lives in one region through the API client. Instances, volumes,
// VPCs, networks and backup schedules, with their tags, plus the catalogue names the generated program
// shows in comments. Reads only: nothing here changes the cloud.

import type { BackupSchedule, CimClient, Instance, Network, Region, Volume, Vpc } from "../client";
import { tagMap } from "../client";

/** States of resources that are gone or going: never adopted. */
const GONE = new Set(["Destroyed", "Destroying", "Expunging", "Expunged"]);

export interface Inventory {
  region: { id: string; name?: string };
  /** Where it was read from (the API base address; no credential). */
  baseUrl?: string;
  instances: (Instance & { tags: Record<string, string> })[];
  volumes: Volume[];
  vpcs: Vpc[];
  networks: Network[];
  schedules: BackupSchedule[];
  /** Catalogue names by id (zones, templates, ISOs, offerings), for comments. */
  names: Record<string, string>;
  /** Resources read but not adopted, and why. */
  skipped: { kind: string; id: string; name?: string; reason: string }[];
}

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
  const skipped: Inventory["skipped"] = [];
  const [instances, volumes, vpcs, networks] = await Promise.all([
    client.instances.listAll(o),
    client.volumes.listAll(o),
    client.vpcs.listAll(o),
    client.networks.listAll(o),
  ]);

  const live = <T extends { id: string; name?: string; state?: string }>(kind: string, rows: T[]) =>
    rows.filter((r) => {
      if (!GONE.has(r.state ?? "")) return true;
      skipped.push({ kind, id: r.id, name: r.name, reason: `state ${r.state}` });
      return false;
    });

  const keptInstances = live("Instance", instances.items).filter((i) => {
    if (i.state !== "Error") return true;
    skipped.push({
      kind: "Instance",
      id: i.id,
      name: i.name,
      reason: "state Error (a failed deploy cannot be adopted; delete it or redeploy)",
    });
    return false;
  });
  const withTags = await Promise.all(
    keptInstances.map(async (i) => ({
      ...i,
      tags:
        i.tags && typeof i.tags === "object"
          ? stringMap(i.tags)
          : tagMap(await client.tags.list({ kind: "instance", id: i.id }, o)),
    })),
  );

  const keptVolumes = live("Volume", volumes.items).filter((v) => {
    const type = String((v as Record<string, unknown>).type ?? "").toUpperCase();
    if (type !== "ROOT") return true;
    skipped.push({ kind: "Volume", id: v.id, name: v.name, reason: "root disk (part of its instance)" });
    return false;
  });

  const keptNetworks = live("Network", networks.items).filter((n) => {
    if (!isShared(n)) return true;
    skipped.push({
      kind: "Network",
      id: n.id,
      name: n.name,
      reason: "shared zone network (not owned by the account)",
    });
    return false;
  });

  const schedules = (await Promise.all(withTags.map((i) => client.backupSchedules.list(i.id, o)))).flat();

  const names = await catalogueNames(client, o);
  // Names of what may be referred to without being adopted (shared networks, skipped resources).
  for (const n of networks.items)
    names[n.id] = isShared(n) ? `${n.name} (shared zone network)` : (n.name ?? n.id);
  // Networks the instances use that the list does not show (the zone's shared network): their names.
  const listed = new Set(networks.items.map((n) => n.id));
  const unlisted = new Set(
    withTags.flatMap((i) => {
      const ids = (i as Record<string, unknown>).networkIds;
      return Array.isArray(ids)
        ? ids.filter((id): id is string => typeof id === "string" && !listed.has(id))
        : [];
    }),
  );
  for (const id of unlisted) {
    const n = await client.networks.get(id, o).catch(() => undefined);
    if (n?.name) names[id] = isShared(n) ? `${n.name} (shared zone network)` : n.name;
  }
  for (const v of vpcs.items) if (v.name) names[v.id] = v.name;
  for (const i of instances.items) if (i.name) names[i.id] = i.name;

  return {
    region,
    instances: withTags,
    volumes: keptVolumes,
    vpcs: live("Vpc", vpcs.items),
    networks: keptNetworks,
    schedules,
    names,
    skipped,
  };
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
  const c = client.catalogue;
  const reads: Promise<{ id: string; name?: string }[]>[] = [
    c.zones(o),
    c.templates(o),
    c.isos(o),
    c.computeOfferings({}, o),
    c.diskOfferings(o),
    c.networkOfferings(o),
    c.vpcOfferings(o),
  ];
  const names: Record<string, string> = {};
  for (const r of await Promise.allSettled(reads)) {
    if (r.status !== "fulfilled") continue;
    for (const row of r.value) if (row.name) names[row.id] = row.name;
  }
  return names;
}
