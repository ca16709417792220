// Region names for messages ("region de-fra-1 (<id>)"), per process: learnt from every list of regions a call
// reads (the default region's, session.ts) and read on demand otherwise. A read that fails (the token expired
// mid-run, the API unreachable) is not remembered, so the next message tries again, and a name learnt before
// the failure still names the region.

import type { CimClient } from "../client";

const names = new Map<string, string>();
const reading = new Map<string, Promise<string | undefined>>();

/** Remembers the names of `regions` (a list the API gave). */
export function rememberRegions(regions: readonly { id: string; name?: string }[]): void {
  for (const r of regions) if (r.name) names.set(r.id, r.name);
}

/** The name of region `id`, or undefined when the API does not say it now. */
export async function regionNameOf(client: CimClient, id: string): Promise<string | undefined> {
  const known = names.get(id);
  if (known) return known;
  let read = reading.get(id);
  if (!read) {
    read = client.catalogue
      .regions({ timeoutMs: 5_000 })
      .then((rs) => {
        rememberRegions(rs);
        return names.get(id);
      })
      .catch(() => undefined)
      .finally(() => reading.delete(id));
    reading.set(id, read);
  }
  return read;
}
