// Allowances per user: which families count (their quota keys), the seeded defaults, usage over every region
// (records in a family's failed state do not count) and the detail a create job fails with.
import type { QuotaService } from "./http";
import type { Limits, Owned } from "./records";
import type { Repository } from "./repository";
import type { Store } from "./store";

export interface Counted {
  key: string;
  repo: Repository<Owned & { state?: string }>;
  failedState: string;
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
    return this.store.state.limits[sub];
  }

  usage(sub: string): Record<string, number> {
    const out: Record<string, number> = {};
    for (const c of this.counted) out[c.key] = this.count(c, sub);
    return out;
  }

  private count(c: Counted, sub: string): number {
    return c.repo.where((r) => r.account === sub && r.state !== c.failedState).length;
  }

  failure(sub: string, key: string, adding = 1): string | undefined {
    const counted = this.counted.find((c) => c.key === key);
    if (!counted) throw new Error(`No family counts against quota key ${key}`);
    const limit = this.limitsOf(sub)[`${key}Limit`];
    const used = this.count(counted, sub);
    return used + adding > limit
      ? `Quota exceeded: ${key} limit of ${limit} reached for user ${sub}`
      : undefined;
  }
}
