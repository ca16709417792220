// Region selection: X-Region-Context names a region by id; absent means the primary, else the first active.
import { ApiError, badRequest } from "./http";
import type { Region } from "./records";
import type { Store } from "./store";

export function defaultRegion(store: Store): Region {
  const regions = store.state.regions;
  const region = regions.find((r) => r.primary && r.active) ?? regions.find((r) => r.active);
  if (!region) throw new ApiError(503, "No active region is available");
  return region;
}

/** The active region of that id; an unknown or inactive one is a 400 (`hint`: how the request names it). */
export function activeRegion(store: Store, id: string, hint: string): Region {
  const region = store.state.regions.find((r) => r.id === id);
  if (!region) throw badRequest(`Unknown region ${id}`, hint);
  if (!region.active) throw badRequest(`Region ${region.name} is not active`);
  return region;
}

/** The region a header names, undefined when the header is absent; unknown or inactive regions are a 400. */
export function regionFromHeader(store: Store, header: string | string[] | undefined): Region | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === "") return undefined;
  return activeRegion(store, value, "X-Region-Context must be a region id from GET /api/v1/regions");
}

/** Why a user cannot act in a region it has no account in (a 403, or a multi-region read's region error). */
export function noAccountIn(sub: string, region: Region): string {
  return `No account for user ${sub} in region ${region.name}`;
}

export function resolveRegion(store: Store, header: string | string[] | undefined): Region {
  return regionFromHeader(store, header) ?? defaultRegion(store);
}
