// The cloud seen through the provider's own declarations: each kind's list and get (provider/kinds), and its
// fields' `live` getters and `same` rules (lifecycle/fields.ts compare). The soak's invariant "the cloud equals
// the state" and its out-of-band changes both read and write through these, so they judge every kind alike.
import { CimClient } from "../../provider/client";
import { type Kind, type KindName, kindList, kinds } from "../../provider/kinds";
import { compare, fullOutputs } from "../../provider/lifecycle/fields";
import { type Session, waitFor } from "../../provider/lifecycle/session";
import { resolveTimeouts } from "../../provider/lifecycle/timeouts";
import { tagsOf } from "../../provider/lifecycle/values";

export function sessionFor(kind: Kind, baseUrl: string, token: string): Session {
  // no retries: the invariants read a settled cloud, and a failed read is a finding
  const client = new CimClient({ baseUrl, token, retry: { maxRetries: 0 } });
  return { kind: kind.name, client, timeouts: resolveTimeouts(undefined) };
}

/** A resource of the stack's state. */
export interface StateResource {
  kind: KindName;
  urn: string;
  id: string;
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
}

/** A resource type of a kind, on the dynamic path (`pulumi-nodejs:dynamic/cim:<Kind>`) or the plugin (`cim:index:<Kind>`). */
const KIND_TYPE = /^(?:pulumi-nodejs:dynamic\/cim|cim:index):(\w+)$/;

/** The state's resources; with `pendingDelete`, also those a replacement left to delete (a run that stopped). */
export function stateResources(deployment: any, pendingDelete = false): StateResource[] {
  const resources: any[] = deployment?.deployment?.resources ?? deployment?.resources ?? [];
  return resources
    .filter((r) => KIND_TYPE.test(String(r.type)) && r.custom && (pendingDelete || !r.delete))
    .map((r) => ({
      kind: KIND_TYPE.exec(String(r.type))![1] as KindName,
      urn: r.urn,
      id: String(r.id),
      inputs: r.inputs ?? {},
      outputs: r.outputs ?? {},
    }));
}

/**
 * Records a kind's list holds that no stack made: the platform's own, as the kind's importer says (a VPC's
 * default ACL lists, a network's source-NAT address, an instance's root disk, shared zone networks), and an
 * instance destroyed and waiting for its expunge. A failed record (state Error) is not the platform's: a stack
 * that made it keeps it, or deletes it.
 */
function platformOwn(kind: KindName, r: any): boolean {
  if (kind === "Instance" && /^(Destroyed|Expunging|Expunged)$/.test(String(r.state))) return true;
  return r.state !== "Error" && (kinds[kind] as Kind).importer?.skip?.(r) !== undefined;
}

export type Snapshot = Map<KindName, any[]>;

/** Every listable kind's records. */
export async function listAll(baseUrl: string, token: string): Promise<Snapshot> {
  const out: Snapshot = new Map();
  for (const kind of kindList) {
    if (!kind.api.list) continue;
    out.set(kind.name as KindName, await kind.api.list(sessionFor(kind, baseUrl, token)));
  }
  return out;
}

/**
 * What differs between the cloud and the stack's state: records the state does not know (not in `baseline`,
 * the records there before the soak), ids the state holds twice, recorded ids the cloud lacks, and recorded
 * resources whose declared values the cloud does not show.
 */
export async function cloudVersusState(
  baseUrl: string,
  token: string,
  deployment: any,
  baseline: Set<string>,
): Promise<string[]> {
  const problems: string[] = [];
  const recorded = stateResources(deployment);
  const snapshot = await listAll(baseUrl, token);
  const seen = new Map<string, string>();
  for (const r of recorded) {
    if (seen.has(`${r.kind}/${r.id}`))
      problems.push(`${r.kind} ${r.id} is in the state twice (${seen.get(`${r.kind}/${r.id}`)}, ${r.urn})`);
    seen.set(`${r.kind}/${r.id}`, r.urn);
  }
  const withPending = stateResources(deployment, true);
  for (const r of withPending.filter(
    (p) => !recorded.includes(p) && !recorded.some((x) => x.urn === p.urn && x.id === p.id),
  ))
    problems.push(`${r.kind} ${r.id} (${r.urn}) is left in the state to delete`);
  for (const [kind, live] of orphansOf(snapshot, withPending, baseline))
    problems.push(
      `${kind} ${live.id} (${live.name ?? live.displayName ?? live.state ?? ""}) is in the cloud, not in the state`,
    );
  for (const r of recorded) {
    const kind = kinds[r.kind] as Kind;
    const listed = snapshot.get(r.kind);
    if (listed && !listed.some((l) => l.id === r.id)) {
      problems.push(`${r.kind} ${r.id} (${r.urn}) is in the state, not in the cloud`);
      continue;
    }
    const rec = fullOutputs(kind, r.outputs);
    const want = Object.fromEntries(Object.entries(r.inputs).filter(([k]) => !k.startsWith("__")));
    let live: any;
    try {
      live =
        listed?.find((l) => l.id === r.id) ??
        (await kind.api.get(sessionFor(kind, baseUrl, token), r.id, rec));
    } catch (err) {
      problems.push(`${r.kind} ${r.id} (${r.urn}) cannot be read: ${(err as Error).message}`);
      continue;
    }
    const tags = kind.tags ? tagsOf(live.tags) : undefined;
    for (const phase of ["update", "replace"] as const) {
      for (const [field, asked, got, same] of compare(kind, phase, want, live, tags)) {
        if (!same)
          problems.push(
            `${r.kind} ${r.id} (${r.urn}): ${field} is ${JSON.stringify(got)} in the cloud, ${JSON.stringify(asked)} in the state`,
          );
      }
    }
  }
  return problems;
}

/** The ids every listable kind holds now (taken before the soak starts: the platform's seeded records). */
export async function baselineIds(baseUrl: string, token: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const records of (await listAll(baseUrl, token)).values()) for (const r of records) ids.add(r.id);
  return ids;
}

/** Records of the cloud the state does not know (and that were not there before the soak). */
function orphansOf(snapshot: Snapshot, recorded: StateResource[], baseline: Set<string>): [KindName, any][] {
  const known = new Set(recorded.map((r) => `${r.kind}/${r.id}`));
  const out: [KindName, any][] = [];
  for (const [kind, records] of snapshot) {
    for (const live of records) {
      if (!baseline.has(live.id) && !platformOwn(kind, live) && !known.has(`${kind}/${live.id}`))
        out.push([kind, live]);
    }
  }
  return out;
}

/**
 * Deletes what a failed round left in the cloud that the state does not know, so the rounds after it start from
 * a cloud that equals their state (the failure is reported by the round itself). Dependents first (the
 * importer's order, reversed); a few passes, for deletes that wait on others.
 */
export async function sweepOrphans(
  baseUrl: string,
  token: string,
  deployment: any,
  baseline: Set<string>,
): Promise<string[]> {
  const done: string[] = [];
  for (let pass = 0; pass < 3; pass++) {
    const orphans = orphansOf(await listAll(baseUrl, token), stateResources(deployment, true), baseline).sort(
      ([a], [b]) => ((kinds[b] as Kind).importer?.order ?? 0) - ((kinds[a] as Kind).importer?.order ?? 0),
    );
    if (!orphans.length) break;
    for (const [kindName, live] of orphans) {
      const kind = kinds[kindName] as Kind;
      const s = sessionFor(kind, baseUrl, token);
      try {
        await kind.api.beforeDelete?.(s, live, { expunge: true });
        await waitFor(s, await kind.api.delete(s, live, { expunge: true }), "delete");
        done.push(`${kindName} ${live.id}`);
      } catch {
        // tried again in the next pass (something else still holds it)
      }
    }
  }
  return done;
}
