// Batched reads. Every dynamic resource shares one provider process, so reads of N resources of one kind in
// one region (a refresh, the reads before updates and deletes) can be served by a few list calls instead of N
// gets: reads of the same kind and region share one list while it is in flight and for WINDOW_MS after it was
// asked for. The first read of a quiet period does a plain get (a stack with one instance should not list
// the whole account); from the second read on, a list is fetched and shared. An id missing from the list
// falls back to a get, so a resource created after the list started is never reported gone by mistake; so
// does an id this process changed since the list was asked for (`markChanged`): the list stays good for
// every other id of the lane. A list answers for the state it was asked at, at most WINDOW_MS before the
// read: what a refresh of thousands of resources shows is that old at most, as a run of gets would be.
// A list costs as much as its rows: when the last one answered fewer reads than an eighth of its rows (the
// reads before a destroy or an update of a few, spread over minutes), the lane reads by id until that many
// come within one window again.

const WINDOW_MS = 5_000;
/** Marks kept before the ones older than the lane's list (which no list can be older than again) go. */
const MARKS_KEPT = 256;

/** A list is worth its rows when it answers at least this share of them. */
const WORTH = 1 / 8;

interface Batch<T> {
  startedAt: number;
  rows: Promise<Map<string, T> | undefined>;
  /** Still in flight: any read may join it (its answer is newer than anything asked for before). */
  pending: boolean;
  /** Rows it brought, reads it answered. */
  size?: number;
  answered: number;
}

interface Lane<T> {
  lastReadAt: number;
  batch?: Batch<T>;
  /** Reads since `windowStart`, while the lane reads by id (a list answered too few). */
  windowStart: number;
  windowReads: number;
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
  /**
   * A list asked for before this instant does not answer (a new one may): the read must show the record as it is
   * after something this process learnt then (the jobs an update waits for, earlierJobs.ts).
   */
  notBefore?: number;
  /** Test seam. */
  now?: () => number;
}

/** Reads one record, through a shared list when other reads of the lane are near. */
export async function batchedRead<T extends { id: string }>(r: BatchedRead<T>): Promise<T | undefined> {
  const now = (r.now ?? Date.now)();
  const lane = (lanes.get(r.lane) ?? {
    lastReadAt: Number.NEGATIVE_INFINITY,
    changedAt: new Map(),
    windowStart: now,
    windowReads: 0,
  }) as Lane<T>;
  lanes.set(r.lane, lane);
  const busy = now - lane.lastReadAt <= WINDOW_MS;
  lane.lastReadAt = now;
  const last = lane.batch;
  const recent = last && (r.notBefore === undefined || last.startedAt >= r.notBefore);
  let batch = last && recent && (last.pending || now - last.startedAt <= WINDOW_MS) ? last : undefined;
  const changed = lane.changedAt.get(r.id);
  if (batch && changed !== undefined && changed >= batch.startedAt) return r.get();
  if (now - lane.windowStart > WINDOW_MS) {
    lane.windowStart = now;
    lane.windowReads = 0;
  }
  lane.windowReads++;
  const sparse = !batch && last?.size !== undefined && last.answered < last.size * WORTH;
  if (!batch && busy && (!sparse || lane.windowReads >= (last?.size ?? 0) * WORTH)) {
    const started: Batch<T> = {
      startedAt: now,
      pending: true,
      rows: Promise.resolve(undefined),
      answered: 0,
    };
    started.rows = r.list().then(
      (items) => {
        started.size = items.length;
        return new Map(items.map((x) => [x.id, x]));
      },
      () => undefined, // a failed list falls back to gets
    );
    started.rows.finally(() => {
      started.pending = false;
    });
    batch = started;
    lane.batch = batch;
  }
  const found = batch ? (await batch.rows)?.get(r.id) : undefined;
  if (found && batch) batch.answered++;
  return found ?? (await r.get());
}

/** This process changed `id` (or made or deleted it): lists asked for before now no longer answer for it. */
export function markChanged(lane: string, id: string, now = Date.now()): void {
  const l = lanes.get(lane);
  if (!l) return; // no list of the lane yet: any later one is newer than the change
  l.changedAt.set(id, now);
  if (l.changedAt.size > MARKS_KEPT) {
    const oldest = l.batch?.startedAt ?? now;
    for (const [k, at] of l.changedAt) if (at < oldest) l.changedAt.delete(k);
  }
}

/** Test seam: forget everything. */
export function resetBatches(): void {
  lanes.clear();
}
