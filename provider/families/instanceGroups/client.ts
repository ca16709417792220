// Instance groups: the spec's multi-region list GET /api/v1/instance-groups (instancegroups, count, regionErrors)
// and the platform's synchronous group commands (emulator/README.md: CloudStack's createInstanceGroup,
// updateInstanceGroup, deleteInstanceGroup). A region the list could not read is never taken for an empty one:
// reads of one region throw RegionReadError when the answer names it in regionErrors.

import type { AcceptedMutation, CallOptions } from "../../client/core";
import { makeApiError, RegionReadError, regionFailures } from "../../client/errors";
import { Family, readOrUndefined } from "../../client/family";
import { type ListResult, readOnce } from "../../client/pagination";
import { apiPath } from "../../client/paths";
import { type InputOf, optional, requestShape } from "../../client/requestShape";
import { type InstanceGroup, InstanceGroupSchema } from "./records";

export const instanceGroupFilter = requestShape({
  id: optional<string>(),
  /** Exact name. */
  name: optional<string>(),
});
export type InstanceGroupFilter = InputOf<typeof instanceGroupFilter>;

const LIST = apiPath`/instance-groups`;

export class InstanceGroups extends Family {
  /**
   * GET /instance-groups: every region of the user, unless `o.region` names one (then X-Region-Context is sent).
   * Regions that could not be read come back in `regionErrors` (region id → why) and their groups are missing.
   */
  async list(o?: CallOptions & InstanceGroupFilter): Promise<ListResult<InstanceGroup>> {
    return readOnce(this.core, {
      path: LIST,
      key: "instancegroups",
      item: InstanceGroupSchema,
      query: instanceGroupFilter.pick(o ?? {}),
      options: o,
      scope: o?.region ? "region" : "global",
    });
  }

  /**
   * The groups of one region (`o.region`, else the client's default region; neither: every region). Throws
   * RegionReadError when the answer says the region could not be read.
   */
  async inRegion(o?: CallOptions & InstanceGroupFilter): Promise<InstanceGroup[]> {
    const region = this.core.regionFor(o);
    const got = await this.list({ ...o, region });
    if (got.regionErrors) throw new RegionReadError(LIST, regionFailures(got.regionErrors));
    return region ? got.items.filter((g) => g.regionId === undefined || g.regionId === region) : got.items;
  }

  /** One group of the region by id (the list filtered by id: the platform has no read by id). 404 when absent. */
  async get(id: string, o?: CallOptions): Promise<InstanceGroup & { id: string }> {
    const found = (await this.inRegion({ ...o, id })).find((g) => g.id === id);
    if (!found?.id) {
      throw makeApiError(
        404,
        { message: `Instance group ${id} not found` },
        { method: "GET", path: `${LIST}?id=${id}`, region: this.core.regionFor(o) },
      );
    }
    return { ...found, id: found.id };
  }

  /** The region's group of that name, if any (names are unique per account and region). */
  async named(name: string, o?: CallOptions): Promise<InstanceGroup | undefined> {
    return (await this.inRegion({ ...o, name })).find((g) => g.name === name);
  }

  /** createInstanceGroup (synchronous). A lost answer is resolved by finding the group of that name. */
  async create(input: { name: string }, o?: CallOptions): Promise<AcceptedMutation> {
    return this.synchronous(
      "POST",
      LIST,
      { name: input.name },
      o,
      async () => (await this.named(input.name, o))?.id,
    );
  }

  /** updateInstanceGroup: the new name, as a query parameter (synchronous); answers the group. */
  async rename(id: string, name: string, o?: CallOptions): Promise<InstanceGroup> {
    return this.putQuery(
      apiPath`/instance-groups/${id}`,
      { name },
      InstanceGroupSchema,
      () => this.get(id, o),
      o,
    );
  }

  /** deleteInstanceGroup (synchronous): its instances stay, in no group. */
  async delete(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.synchronous("DELETE", apiPath`/instance-groups/${id}`, undefined, o, async () =>
      (await readOrUndefined(() => this.get(id, o))) === undefined ? id : undefined,
    );
  }
}

export type * from "./records";
