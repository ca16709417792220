// Batched reads. Every dynamic resource shares one provider process, so reads of N resources of one kind in
// one region (a refresh, the reads before updates and deletes) can be served by a few list calls instead of N
// gets: within a short window (WINDOW_MS), reads of the same kind and region share one list. The first read of
// a quiet period does a plain get (a stack with one instance should not list the whole account); from the
// second read on, a list is fetched and shared. An id missing from the list falls back to a get, so a
// resource created after the list started is never reported gone by mistake; so does an id this process
// changed since the list was asked for (`markChanged`): the list stays good for every other id of the lane.

const WINDOW_MS = 1_500;
/** Change marks older than the window can no longer be newer than a usable list: they are dropped past this. */
const MARKS_KEPT = 256;

interface Batch<T> {
  startedAt: number;
  rows: Promise<Map<string, T> | undefined>;
}

interface Lane<T> {
  lastReadAt: number;
  batch?: Batch<T>;
  /** When this process last changed each id (only the recent ones matter). */
  changedAt: Map<string, number>;
}

const lanes = new Map<string, Lane<unknown>>();

export interface BatchedRead<T> {
  /** Kind and region: reads in the same lane share lists. */
  lane: string;
  id: string;
  /** One read by id; undefined when gone (404). */
  get: () => Promise<T | undefined>;
  /** Every record of the lane (all pages). */
  list: () => Promise<T[]>;
  /** Test seam. */
  now?: () => number;
}

/** Reads one record, through a shared list when other reads of the lane are near. */
export async function batchedRead<T extends { id: string }>(r: BatchedRead<T>): Promise<T | undefined> {
  const now = (r.now ?? Date.now)();
  const lane = (lanes.get(r.lane) ?? {
    lastReadAt: Number.NEGATIVE_INFINITY,
    changedAt: new Map(),
  }) as Lane<T>;
  lanes.set(r.lane, lane);
  const busy = now - lane.lastReadAt <= WINDOW_MS;
  lane.lastReadAt = now;
  let batch = lane.batch && now - lane.batch.startedAt <= WINDOW_MS ? lane.batch : undefined;
  const changed = lane.changedAt.get(r.id);
  if (batch && changed !== undefined && changed >= batch.startedAt) return r.get();
  if (!batch && busy) {
    batch = {
      startedAt: now,
      rows: r.list().then(
        (items) => new Map(items.map((x) => [x.id, x])),
        () => undefined, // a failed list falls back to gets
      ),
    };
    lane.batch = batch;
  }
  const rows = batch ? await batch.rows : undefined;
  return rows?.get(r.id) ?? (await r.get());
}

/** This process changed `id` (or made or deleted it): lists asked for before now no longer answer for it. */
export function markChanged(lane: string, id: string, now = Date.now()): void {
  const l = lanes.get(lane);
  if (!l) return; // no list of the lane yet: any later one is newer than the change
  l.changedAt.set(id, now);
  if (l.changedAt.size > MARKS_KEPT) {
    for (const [k, at] of l.changedAt) if (now - at > WINDOW_MS) l.changedAt.delete(k);
  }
}

/** Test seam: forget everything. */
export function resetBatches(): void {
  lanes.clear();
}
