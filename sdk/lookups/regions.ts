// Regions: every region of the API, one by name or id, and the one resources land in by default.

import { apiDefaultRegion } from "../../provider/client/defaultRegion";
import { candidatesOf, client, getRegions, LookupError, type LookupQuery, pick } from "./core";
import type { Region } from "./records";

export { getRegions };

/** One region by name (e.g. `de-fra-1`) or id. */
export async function getRegion(query: LookupQuery | string): Promise<Region> {
  return pick(await getRegions(), query, "region", "");
}

/**
 * The region resources land in when they name none: `cim:region` (or `CIM_REGION`) when set, else the API's
 * default, the primary region if one exists and is active, otherwise the first active one.
 */
export async function getDefaultRegion(): Promise<Region> {
  const { region: configured } = client();
  const regions = await getRegions();
  if (configured) return pick(regions, configured, "region", "");
  const found = apiDefaultRegion(regions);
  if (!found) throw new LookupError("cim: the API lists no active region", candidatesOf(regions));
  return found;
}
