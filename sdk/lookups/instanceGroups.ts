// Instance group lookups over the spec's multi-region list (GET /api/v1/instance-groups: instancegroups, count,
// regionErrors). Without `region` they read every region of the API at once, as the list does; a region the API
// could not read is reported, never taken for a region without groups:
// - getInstanceGroups answers what the other regions hold and names each failed region and why (`failedRegions`,
//   and a warning in the program's output);
// - getInstanceGroup is an error when a failed region could hold the answer: by name always (a group of that
//   name there could make the name ambiguous or be the one meant), by id only when the id was not found
//   elsewhere (ids are unique). Give `region` to read only the group's own region.
import * as pulumi from "@pulumi/pulumi";
import { regionFailures } from "../../provider/client";
import {
  asQuery,
  client,
  gated,
  getRegions,
  inProgram,
  LookupError,
  type LookupQuery,
  type LookupRegionOptions,
  pick,
  regionOf,
} from "./core";
import type { InstanceGroup } from "./records";

/** An instance group as the list shows it, with the region it lives in (cim.InstanceGroup is the resource class). */
export type InstanceGroupInfo = InstanceGroup & { id: string };

/** A region the multi-region list could not read. */
export interface RegionFailure {
  regionId: string;
  /** The region's name, when the API's region list has it. */
  regionName?: string;
  /** The API's reason (its regionErrors entry). */
  reason: string;
}

export interface InstanceGroupList {
  /** The groups of every region that answered. */
  groups: InstanceGroupInfo[];
  /** The regions that did not: their groups are missing from `groups`. Empty when every region answered. */
  failedRegions: RegionFailure[];
}

/** Which groups: `region` (name or id) reads that region only; left out, every region (not cim:region). */
export type InstanceGroupsOptions = LookupRegionOptions;

async function readGroups(opts: InstanceGroupsOptions | undefined) {
  const { client: c, key } = client();
  const region = opts?.region ? await regionOf(opts) : undefined;
  const got = await gated(key, () => c.instanceGroups.list({ region: region?.id }));
  const failed = Object.entries(regionFailures(got.regionErrors));
  // region names only for what failed: a lookup where every region answered reads no region list
  const names = new Map(failed.length ? (await getRegions().catch(() => [])).map((r) => [r.id, r.name]) : []);
  const failedRegions = failed.map(([regionId, reason]) => ({
    regionId,
    regionName: names.get(regionId),
    reason,
  }));
  const groups = got.items.filter((g): g is InstanceGroupInfo => typeof g.id === "string");
  return { groups, failedRegions, where: region?.label ?? "any region" };
}

const described = (f: RegionFailure) => `${f.regionName ?? f.regionId} (${f.regionId}): ${f.reason}`;

/**
 * The instance groups of every region (GET /api/v1/instance-groups), or of `region`. A region the API could not
 * read is in `failedRegions` (and a warning says so): check it before concluding that a group does not exist.
 */
export async function getInstanceGroups(opts?: InstanceGroupsOptions): Promise<InstanceGroupList> {
  const { groups, failedRegions } = await readGroups(opts);
  // in the provider plugin, the program's side says it (the native SDK, with the answer)
  if (inProgram()) warnOfFailedRegions(failedRegions);
  return { groups, failedRegions };
}

/** The warning in the program's output for each region the list could not read. */
export function warnOfFailedRegions(failedRegions: RegionFailure[]): void {
  for (const f of failedRegions) {
    void pulumi.log.warn(
      `cim: getInstanceGroups: region ${described(f)}. Its instance groups are missing from the answer.`,
    );
  }
}

/**
 * One instance group by name or id, in `region` or in every region. A name in several regions is ambiguous (the
 * candidates show their regions): give `region`. Fails, naming the regions and why, when a region the API could
 * not read might hold the answer: by name always (a group of that name there could make the name ambiguous, or be
 * the one meant), by id when it was not found elsewhere.
 */
export async function getInstanceGroup(query: LookupQuery | string): Promise<InstanceGroupInfo> {
  const q = asQuery(query);
  const { groups, failedRegions, where } = await readGroups(q);
  // an id names one group, whichever regions failed
  const id = typeof query === "string" ? query : q.id;
  const hit = id === undefined ? undefined : groups.find((g) => g.id === id);
  if (hit) return hit;
  if (failedRegions.length) {
    const what =
      typeof query === "string" ? `"${query}"` : q.id !== undefined ? `with id ${q.id}` : `"${q.name}"`;
    throw new LookupError(
      `cim: cannot look up instance group ${what} in ${where}: ${failedRegions.length} region(s) could not be read, and the group may be there: ${failedRegions.map(described).join("; ")}. Run again later, or give region to read only the group's region.`,
      groups.slice(0, 50).map((g) => ({ name: g.name, id: g.id })),
    );
  }
  try {
    return pick(groups, query, "instance group", where);
  } catch (err) {
    // names are per region: where several groups have the name, say where each lives (a miss lists all groups)
    const asked = (typeof query === "string" ? query : q.name)?.toLowerCase();
    const ambiguous =
      err instanceof LookupError &&
      err.candidates.length > 1 &&
      err.candidates.every((c) => c.name?.toLowerCase() === asked);
    if (!ambiguous || q.region) throw err;
    const regionOfId = new Map(groups.map((g) => [g.id, g.regionName ?? g.regionId]));
    const places = err.candidates.map((c) => `${c.id} in ${regionOfId.get(c.id) ?? "?"}`).join(", ");
    throw new LookupError(
      `${err.message} They are in different regions (${places}): give region.`,
      err.candidates,
    );
  }
}
