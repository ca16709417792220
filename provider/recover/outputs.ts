// The outputs recover records for a pending create it resolved to a record: what the create would have recorded,
// made by the engine's own code (provider/lifecycle/engine.ts: recorded), on the create's path.

import { providerFor } from "..";
import type { CimClient } from "../client";
import { defaultRegion as apiDefaultRegionOf, type Session } from "../lifecycle/session";
import { resolveTimeouts } from "../lifecycle/timeouts";
import { storedOutputs } from "../native/adapter";
import { regionOf } from "./match";
import type { PendingCreate } from "./pending";

/**
 * What state keeps of record `id`, as the interrupted create would have recorded it (provider/lifecycle/engine.ts:
 * recorded): read in the region the create was sent to, that region's id recorded whether the program named it or
 * the API's default was meant (as a create records it), on the create's path. Undefined when the record cannot be
 * read now: the inputs stand for the outputs until the refresh after reads it.
 */
export async function recordedOutputs(
  client: CimClient,
  p: PendingCreate,
  id: string,
  defaultRegion?: string,
) {
  const named = regionOf(p, defaultRegion);
  const s: Session = {
    kind: p.kind.name,
    client: client.withRegion(named),
    region: named,
    timeouts: resolveTimeouts(undefined),
  };
  // none named: the API's default, as a create that names none records it (the client's region is the default)
  s.region = await apiDefaultRegionOf(s);
  if (s.region !== named) s.client = client.withRegion(s.region);
  const outs = await providerFor(p.kind.name)
    .recorded(s, id, p.inputs)
    .catch(() => undefined);
  if (!outs) return undefined;
  return p.path === "native" ? storedOutputs(p.kind, outs, p.inputs) : outs;
}
