// Quota preflight: `pulumi preview` (and `up`) warn when the creates in a program would exceed the account's
// allowances (GET /api/v1/tenants/my-limits; for multi-region groups, GET /api/v1/multi-regions/quota). Every kind that declares a `quota` key is counted (the engine
// calls `quotaPreflight` from check). All dynamic resources share one provider process per operation, so this module
// counts the creates it sees there, per API account (base URL and token subject) and kind, reads my-limits once
// per account, and warns once per allowance when used + creates passes the limit. A create can use up more than
// its own kind's allowance (`alsoUses`: an instance's root disk is a volume; a Kubernetes cluster's nodes are
// instances, each with a root disk; a shared file system's VM is an instance with two volumes); those count with
// that kind's.
//
// On the plugin each provider is a process of its own (one per region, most often), and the allowances span the
// account's regions: the processes of an operation tell each other (deploymentShared.ts) the readings they took, the
// first of which every one of them then uses, the creates they count, by resource (a URN counts once), and the
// allowances they warned of, so one process warns of each.
//
// A check is a create when the engine passes no old inputs (a new resource). Updates, replacements (one out,
// one in) and adoptions (`adoptId`) do not add to usage. The API counts allowances per user across regions (as
// the emulator does), so the count is not split by region.
//
// The warning reaches the user as an engine diagnostic of severity warning (engineLog.ts).
// Best effort throughout: nothing here fails a check or delays it by more than one read per allowance source.

import type { CimClient, MultiRegionQuota, MyLimits } from "../client";
import { digest, notes } from "./deploymentShared";
import { currentResource, engineWarning } from "./engineLog";
import type { QuotaKey, QuotaUse } from "./kindSpec";
import { accountKey, isConfigured, openSession } from "./session";

/** What the preflight needs of a kind: its name, its noun for the message and its allowances. */
export interface QuotaSubject {
  name: string;
  noun: string;
  quota?: QuotaKey;
  alsoUses?: readonly QuotaUse[];
}

/** How creates of another kind use up an allowance: its `why`, and that kind's noun for the advice. */
interface Via {
  why: string;
  noun: string;
  /** What it counts the platform makes past the allowance (QuotaUse.granted): `why` names those, said apart. */
  granted?: boolean;
}

/** One allowance a create uses up, `count` of it (resolved from its inputs), and how, when it is not its own. */
type Use = Omit<QuotaUse, "count"> & { count: number; via?: Via };

/** The allowances one create of the kind with these inputs uses up, its own first; the others say how. */
function usesOf(kind: QuotaSubject, inputs: Record<string, unknown>): Use[] {
  const own = kind.quota ? [{ quota: kind.quota, noun: kind.noun, count: 1 }] : [];
  const also = (kind.alsoUses ?? [])
    .filter((u) => !u.when || u.when(inputs))
    .map((u) => ({
      ...u,
      count: typeof u.count === "function" ? u.count(inputs) : u.count,
      via: u.granted
        ? { why: u.granted, noun: kind.noun, granted: true }
        : { why: u.why ?? `each new ${kind.noun} uses one`, noun: kind.noun },
    }));
  return [...own, ...also];
}

/** What one allowance source answers: my-limits, or the multi-region quota. */
type Allowances = Record<string, unknown>;

interface Account {
  /** The readings of each source (`my-limits`, `multi-regions`), read once, when a create first needs it. */
  limits: Map<string, Promise<Allowances | undefined>>;
  /** Creates seen per allowance (its `limit` key): a volume and an instance's root disk add to the same one. */
  creates: Map<string, number>;
  /** How creates of other kinds use up each allowance (its `limit` key), by their `why`. */
  via: Map<string, Map<string, Via>>;
  warned: Set<string>;
}

const accounts = new Map<string, Account>();

/** What the processes of a deployment tell each other, accounts as digests (the key names the token's subject). */
type QuotaNote =
  | { t: "limits"; account: string; source: string; values: Allowances }
  | { t: "create"; account: string; urn: string; counts: Record<string, number>; via?: Record<string, Via> }
  | { t: "warned"; account: string; limit: string };
/** What they told: the first reading of each account and source; each resource's creates, by account and allowance. */
const told = {
  limits: new Map<string, Allowances>(),
  creates: new Map<string, Map<string, number>>(),
  via: new Map<string, Map<string, Via>>(),
  warned: new Set<string>(),
};
const both = (a: string, b: string) => `${a}\u0000${b}`;
const quotaNotes = notes<QuotaNote>(
  "quota",
  (n) => {
    if (n.t === "limits") {
      if (!told.limits.has(both(n.account, n.source))) told.limits.set(both(n.account, n.source), n.values);
    } else if (n.t === "create") {
      for (const [limit, count] of Object.entries(n.counts)) {
        const key = both(n.account, limit);
        told.creates.set(key, (told.creates.get(key) ?? new Map()).set(n.urn, count));
      }
      for (const [limit, v] of Object.entries(n.via ?? {})) addVia(told.via, both(n.account, limit), v);
    } else told.warned.add(both(n.account, n.limit));
  },
  () => {
    told.limits.clear();
    told.creates.clear();
    told.via.clear();
    told.warned.clear();
  },
  // its own too: the first reading told and the creates are the deployment's, this process's among them
  { own: true },
);
const addVia = (into: Map<string, Map<string, Via>>, key: string, v: Via) =>
  into.set(key, (into.get(key) ?? new Map()).set(v.why, v));
/** The key under which the creates of an allowance that the platform makes past it are counted (QuotaUse.granted). */
const grantedKey = (limit: string) => `${limit}:granted`;
const toldCreates = (account: string, limit: string) =>
  [...(told.creates.get(both(account, limit))?.values() ?? [])].reduce((a, b) => a + b, 0);

/** Where warnings go; replaceable for tests. */
let emit: (message: string) => Promise<void> = engineWarning;

/**
 * Counts a create of `kind` and warns when the creates seen so far in this operation would exceed the
 * account's allowance. Call it from check with the old inputs the engine passed and the checked inputs:
 *
 *   if (!failures.length) await quotaPreflight(kind, olds, checkedInputs);
 *
 * Never throws; returns after at most one read per allowance source (shared by every check of the process).
 */
export async function quotaPreflight(
  kind: QuotaSubject,
  olds: Record<string, unknown> | undefined,
  checked: object,
): Promise<void> {
  const inputs = checked as { region?: unknown; adoptId?: unknown };
  try {
    const uses = usesOf(kind, checked as Record<string, unknown>);
    if (process.env.CIM_QUOTA_PREFLIGHT === "off" || !uses.length) return;
    if (olds && Object.keys(olds).length > 0) return; // an update or a replacement
    if (typeof inputs.adoptId === "string" && inputs.adoptId) return; // adopts an existing resource
    if (!isConfigured()) return;
    const region = typeof inputs.region === "string" && inputs.region ? inputs.region : undefined;
    const session = openSession(kind.name, region);
    const key = accountKey(session);
    let account = accounts.get(key);
    if (!account) {
      account = { limits: new Map(), creates: new Map(), via: new Map(), warned: new Set() };
      accounts.set(key, account);
    }
    // shared with the deployment's other processes where a request names its resource (the plugin)
    const urn = currentResource();
    const shared = urn !== undefined && quotaNotes.catchUp() ? digest(key) : undefined;
    const readings = account.limits;
    const counted = uses.map((u) => {
      const creates = (account.creates.get(u.quota.limit) ?? 0) + u.count;
      account.creates.set(u.quota.limit, creates);
      if (u.via) addVia(account.via, u.quota.limit, u.via);
      if (u.granted) {
        const key = grantedKey(u.quota.limit);
        account.creates.set(key, (account.creates.get(key) ?? 0) + u.count);
      }
      const source = sourceOf(u.quota);
      if (!readings.has(source)) readings.set(source, readingOf(session.client, source, shared));
      return [u, creates, source] as const;
    });
    if (shared && urn) {
      const counts: Record<string, number> = {};
      const via: Record<string, Via> = {};
      for (const u of uses) {
        counts[u.quota.limit] = (counts[u.quota.limit] ?? 0) + u.count;
        if (u.granted) counts[grantedKey(u.quota.limit)] = (counts[grantedKey(u.quota.limit)] ?? 0) + u.count;
        if (u.via) via[u.quota.limit] = u.via;
      }
      quotaNotes.tell({ t: "create", account: shared, urn, counts, via });
    }
    for (const [u, own, source] of counted) {
      const limits = await readings.get(source);
      if (!limits) continue;
      const limit = u.quota.limit;
      // shared: the deployment's creates and warnings, this process's among them (learnt as told)
      if (shared) quotaNotes.catchUp();
      const creates = shared ? toldCreates(shared, limit) : own;
      const granted = shared
        ? toldCreates(shared, grantedKey(limit))
        : (account.creates.get(grantedKey(limit)) ?? 0);
      // what the platform makes past the allowance fails nothing itself: a warning needs a create it refuses
      if (creates <= granted) continue;
      const vias = [
        ...((shared ? told.via.get(both(shared, limit)) : account.via.get(limit))?.values() ?? []),
      ];
      const over = overLimit(
        { noun: u.noun, quota: u.quota },
        creates,
        limits,
        vias.filter((v) => !v.granted),
      );
      const grantedWhy = vias.find((v) => v.granted)?.why ?? "made with other resources of the program";
      const message =
        over && granted
          ? `${over} ${granted} of the ${creates} are ${grantedWhy}, which the platform makes whatever the allowance: the creates it refuses are the others.`
          : over;
      if (!message || (shared ? told.warned.has(both(shared, limit)) : account.warned.has(limit))) continue;
      if (shared) quotaNotes.tell({ t: "warned", account: shared, limit });
      else account.warned.add(limit);
      await emit(message);
    }
  } catch {
    // best effort: a preflight never fails or blocks a check
  }
}

const sourceOf = (q: QuotaKey) => q.source ?? "my-limits";

/**
 * One source's allowances for this process: those another process of the deployment read first (`account`: the
 * account's digest, when they share), else read now and told.
 */
async function readingOf(
  client: CimClient,
  source: string,
  account: string | undefined,
): Promise<Allowances | undefined> {
  const first = () => (quotaNotes.catchUp() ? told.limits.get(both(account ?? "", source)) : undefined);
  const before = account === undefined ? undefined : first();
  if (before) return before;
  const got = await readAllowances(client, source);
  if (account === undefined || !got) return got;
  // the allowances and their use alone: numbers
  const values = Object.fromEntries(Object.entries(got).filter(([, v]) => typeof v === "number"));
  quotaNotes.tell({ t: "limits", account, source, values });
  return first() ?? got;
}

/**
 * One source's allowances, or undefined when they cannot be read now (a preflight never fails; nor does a kind's
 * explanation of a failure that reads them).
 */
export function readAllowances(client: CimClient, source: string): Promise<Allowances | undefined> {
  const read =
    source === "multi-regions"
      ? client.catalogue.multiRegionQuota({ timeoutMs: 10_000 })
      : client.catalogue.myLimits({ timeoutMs: 10_000 });
  return read.catch(() => undefined);
}

/** The route and the refusal of each source, for the warning. */
const SOURCES = {
  "my-limits": {
    route: "GET /api/v1/tenants/my-limits",
    refusal: 'The API fails creates beyond the allowance ("Maximum number of resources … has been exceeded")',
  },
  "multi-regions": {
    route: "GET /api/v1/multi-regions/quota",
    refusal: "The API refuses creates beyond the allowance",
  },
};

/** The warning text when `creates` more of `kind` would exceed the allowance, else undefined. */
export function overLimit(
  kind: Pick<QuotaSubject, "noun" | "quota">,
  creates: number,
  limits: MyLimits | MultiRegionQuota | Allowances,
  /** How creates of other kinds use up this allowance: said, and those kinds named in the advice. */
  vias: readonly Via[] = [],
): string | undefined {
  const f = kind.quota;
  if (!f) return undefined;
  const values = limits as Allowances;
  const limit = values[f.limit];
  const used = values[f.count] ?? 0;
  if (typeof limit !== "number" || typeof used !== "number" || used + creates <= limit) return undefined;
  const left = Math.max(0, limit - used);
  const plural = `${kind.noun}s`;
  const noun = (n: number) => (n === 1 ? kind.noun : plural);
  const source = SOURCES[sourceOf(f)];
  const how = vias.length ? ` (${vias.map((v) => v.why).join("; ")})` : "";
  const remove = [plural, ...new Set(vias.map((v) => `${v.noun}s`))].join(" or ");
  return (
    `cim quota: this program creates at least ${creates} new ${noun(creates)}${how}, but the account has ` +
    `${left} of ${limit} ${noun(limit)} left (${used} in use, ${source.route}). ` +
    `${source.refusal}: remove ${remove}, or ask for a higher ${f.limit}.`
  );
}

/** Test seams: forget every count and reading, and capture warnings instead of logging them. */
export function resetQuotaPreflight(capture?: (message: string) => Promise<void> | void): void {
  accounts.clear();
  emit = capture ? async (m) => void (await capture(m)) : engineWarning;
}
