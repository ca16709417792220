// Allowances per user: which families count (their quota keys), the seeded defaults, usage over every region
// (records in a family's failed or gone states do not count, and what other families' records hold of it, as a
// cluster's nodes are instances, does) and the platform's text a create job fails with.
import type { Data } from "./family";
import type { QuotaService } from "./http";
import type { Limits, Owned } from "./records";
import type { Repository } from "./repository";
import type { Store } from "./store";

export interface Counted {
  key: string;
  /** The platform's name of the allowance in its texts (CloudStack's resource type, e.g. `user_vm`). */
  platformType: string;
  repo: Repository<Owned & { state?: string }>;
  /** States that do not count: a failed create, a deleted record not yet expunged. */
  uncounted: readonly string[];
  /** Records of other families that hold some of it (family.ts's `holds`: a cluster's node VMs are instances). */
  heldBy: readonly Held[];
}

/** A family whose records hold some of an allowance, and how much each holds. */
export interface Held {
  repo: Repository<Owned>;
  amount(r: Owned): number;
}

export const MULTI_REGION_DEFAULTS = { maxMultiRegions: 5, maxMultiRegionMembers: 10 };

export class Quota implements QuotaService {
  constructor(
    private readonly store: Store,
    readonly counted: readonly Counted[],
    private readonly defaults: () => Limits,
  ) {}

  get keys(): string[] {
    return this.counted.map((c) => c.key);
  }

  /** Every allowance name: `<key>Limit` per counted family, then the multi-region ones. */
  get limitNames(): string[] {
    return [...this.counted.map((c) => `${c.key}Limit`), ...Object.keys(MULTI_REGION_DEFAULTS)];
  }

  limitsOf(sub: string): Limits {
    this.store.state.limits[sub] ??= this.defaults();
    const limits = this.store.state.limits[sub];
    // Limits written before a family counted lack its allowance: it gets the seeded default.
    for (const [k, v] of Object.entries(this.defaults())) limits[k] ??= v;
    return limits;
  }

  usage(sub: string): Record<string, number> {
    const out: Record<string, number> = {};
    for (const c of this.counted) out[c.key] = this.count(c, sub);
    return out;
  }

  private count(c: Counted, sub: string): number {
    const own = c.repo.where((r) => r.account === sub && !c.uncounted.includes(r.state ?? "")).length;
    return own + held(c, (r) => r.account === sub);
  }

  heldWhere(key: string, match: (r: Owned) => boolean): number {
    const counted = this.counted.find((c) => c.key === key);
    return counted ? held(counted, match) : 0;
  }

  /**
   * The detail a create job fails with when the allowance is used up: CloudStack's text for an account limit
   * (server/src/com/cloud/resourcelimit/ResourceLimitManagerImpl.java, checkResourceLimit), naming the
   * user's account and domain as the platform does.
   */
  failure(sub: string, key: string, adding = 1): string | undefined {
    const counted = this.counted.find((c) => c.key === key);
    if (!counted) throw new Error(`No family counts against quota key ${key}`);
    const limit = this.limitsOf(sub)[`${key}Limit`];
    if (this.count(counted, sub) + adding <= limit) return undefined;
    const user = this.store.state.users[sub];
    return (
      `Maximum number of resources of type '${counted.platformType}' for account name=${user?.username ?? sub}` +
      ` in domain id=${user?.domainId ?? ""} has been exceeded.`
    );
  }
}

/**
 * User VMs the platform deploys one by one for a resource of the account (a Kubernetes cluster's nodes, a file
 * system's VM), each checked as CloudStack's deployVirtualMachine checks one (UserVmManagerImpl: the `user_vm`
 * allowance, then `volume` for its root and data disks, `disks` of them): how many of `vms` fit, and the text of the
 * refusal of the first that does not.
 */
export function vmsThatFit(
  quota: QuotaService,
  sub: string,
  vms: number,
  disks: number,
): { fit: number; refusal?: string } {
  for (let i = 0; i < vms; i++) {
    const refusal = quota.failure(sub, "instance", i + 1) ?? quota.failure(sub, "volume", (i + 1) * disks);
    if (refusal) return { fit: i, refusal };
  }
  return { fit: vms };
}

/** What other families' records that `match` picks hold of a counted family's allowance. */
const held = (c: Counted, match: (r: Owned) => boolean): number =>
  c.heldBy.reduce((sum, h) => sum + h.repo.where(match).reduce((n, r) => n + h.amount(r), 0), 0);

/**
 * The VMs of a zone, of every account, that take its capacity (the emulator's stand-in for the zone's hosts): its
 * instances neither in Error nor destroyed, and the VMs the platform deploys there for a record of another family
 * (a Kubernetes cluster's nodes, a shared file system's VM: what those records hold of the instance allowance).
 */
function zoneLoad(data: Data<"instances">, quota: QuotaService, zoneId: string): number {
  const { instances } = data;
  const own = instances.where(
    (r) => r.zoneId === zoneId && r.state !== "Error" && !instances.isGone(r),
  ).length;
  return own + quota.heldWhere("instance", (r) => (r as { zoneId?: unknown }).zoneId === zoneId);
}

/** Whether the zone has room for `vms` more VMs besides those it holds (zoneLoad): CloudStack's planner's answer. */
export const zoneHasRoom = (
  data: Data<"instances">,
  quota: QuotaService,
  zone: { id: string; capacity: number },
  vms = 1,
): boolean => zoneLoad(data, quota, zone.id) + vms <= zone.capacity;
