// Caps (fieldSpec.ts: Cap): how many records the platform allows under one value at once, judged at check so that
// the preview refuses what the API would refuse part-way through an up (the seventh data disk of an instance is
// refused after its volume was made). Counted: the live records of the kind that hold the value, from the shared
// list of the region (read again before it refuses, as an older list may show one that has gone since), and the
// resources of the deployment checked before this one that add one (programClaims.ts: addedBefore); a value
// naming a resource the run makes (a stand-in: planned.ts) has no live records yet.

import type { CheckFailure } from "./check";
import type { Cap, LiveRecord, Recorded } from "./fieldSpec";
import type { Kind } from "./kindSpec";
import { replacedHolds } from "./liveChecks";
import { judgingBy, liveListFor } from "./lookups";
import { hasStandIn, withStandIns } from "./planned";
import { addedBefore, claimIds, claimRegion } from "./programClaims";
import { containsUnknown } from "./values";

/**
 * The kind's caps the inputs would pass. Not judged when the resource adopts or keeps its value, nor in a
 * replacement's second check.
 */
export async function capFailures(
  kind: Kind,
  inputs: Recorded,
  olds: Recorded,
  region: string | undefined,
  news: Recorded = inputs,
): Promise<CheckFailure[]> {
  if (!kind.caps?.length || (inputs.adoptId !== undefined && inputs.adoptId !== null)) return [];
  const existing = Object.keys(olds).length > 0;
  // a replacement's second check: its first (with the old inputs) judged and claimed it, and the record it
  // replaces is among the holders, gone first when the replacement deletes first
  if (!existing && replacedHolds(kind) !== undefined) return [];
  const planned = withStandIns(kind, inputs, news);
  const judged = planned?.inputs ?? inputs;
  const claimIn = await claimRegion(kind, region);
  const ids = claimIds(news, olds);
  const out: CheckFailure[] = [];
  for (const cap of kind.caps) {
    const value = judged[cap.property];
    if (typeof value !== "string" || containsUnknown(value)) continue;
    const unchanged = existing && olds[cap.property] === value;
    const before = addedBefore(kind, claimIn, cap.property, value, unchanged, ids, inputs.name);
    if (unchanged) continue;
    const holders =
      hasStandIn(value) || before.length >= cap.max
        ? []
        : await judgingBy([cap.property], () => liveHolders(kind, region, inputs, cap, value, before.length));
    if (holders.length + before.length < cap.max) continue;
    const reason = capReason(cap, value, holders, before);
    out.push({ property: cap.property, reason: planned ? planned.shown(reason) : reason });
  }
  return out;
}

/**
 * The live records holding `value`, from the shared list; when they and the `added` of the program reach the cap, from
 * a list read after that one (a record counted may have gone since). None when the list cannot be read.
 */
async function liveHolders(
  kind: Kind,
  region: string | undefined,
  inputs: Recorded,
  cap: Cap,
  value: string,
  added: number,
): Promise<LiveRecord[]> {
  const holding = (rows: readonly LiveRecord[]) => rows.filter((r) => cap.held(r) === value);
  const first = await liveListFor(kind.name, region, kind, inputs);
  if (!first || holding(first.rows).length + added < cap.max) return first ? holding(first.rows) : [];
  const again = await liveListFor(kind.name, region, kind, inputs, first.serial);
  return holding((again ?? first).rows);
}

/** "<property> <value>: 6 <counted> already (…), and <rule>. <otherwise>" */
function capReason(
  cap: Cap,
  value: string,
  holders: readonly LiveRecord[],
  before: readonly string[],
): string {
  const shownRecords = holders
    .slice(0, 10)
    .map((r: LiveRecord & { name?: unknown }) =>
      typeof r.name === "string" && r.name ? `${r.name} (${r.id})` : r.id,
    );
  const records = holders.length
    ? `${holders.length} now: ${shownRecords.join(", ")}${holders.length > shownRecords.length ? ", …" : ""}`
    : "";
  const program = before.length
    ? `${before.length} that ${before.join(", ")} of this program ${before.length === 1 ? "adds" : "add"}, checked before this one`
    : "";
  const all = holders.length + before.length;
  return `${cap.property} ${JSON.stringify(value)}: ${all} ${cap.counted} already (${[records, program].filter(Boolean).join("; ")}), and ${cap.rule}. ${cap.otherwise}`;
}
