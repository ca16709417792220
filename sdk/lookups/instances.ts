// Instance lookups: the account's instances of a region as the API shows them, by name or id, read afresh each
// time (not cached). They are where a program reads what `cim.Instance` does not keep in state: the zone,
// template and offering names, vCPU, memory and OS, account and domain, lastUpdated.
import { NotFoundError } from "../../provider/client";
import { asQuery, fresh, type LookupQuery, type LookupRegionOptions, pick } from "./core";
import type { Instance } from "./records";

/** An instance as the API shows it (`cim.Instance` is the resource class): every field the platform reports. */
export type InstanceInfo = Instance;

/** Every instance of the region (GET /api/v1/compute/instances, through its pages). */
function instances(opts: LookupRegionOptions | undefined) {
  return fresh(opts, (c, region) => c.instances.listAll({ region }));
}

/** The instances of a region, Destroyed ones (not yet expunged) included. Not cached. */
export async function getInstances(opts?: LookupRegionOptions): Promise<InstanceInfo[]> {
  return (await instances(opts)).rows;
}

/**
 * One instance by host name or id, e.g. a `cim.Instance`'s offering as the platform reports it:
 * `web.id.apply((id) => cim.getInstance({ id }))` then `.cpuNumber`, `.memory`, `.serviceOfferingName`. By `id`
 * it reads that instance alone (a program may look up each of its thousands of instances); a name, or an id that
 * is not there, lists the region, and a miss lists the candidates (name and id).
 */
export async function getInstance(query: LookupQuery | string): Promise<InstanceInfo> {
  const q = asQuery(query);
  if (typeof query !== "string" && q.id !== undefined && q.name === undefined) {
    const gone = (e: unknown) => (e instanceof NotFoundError ? [] : Promise.reject(e));
    const one = await fresh<InstanceInfo>(q, (c, region) =>
      c.instances.get(q.id!, { region }).then((i) => [i], gone),
    );
    if (one.rows.length) return one.rows[0];
  }
  const { rows, where } = await instances(q);
  return pick(rows, query, "instance", where);
}
