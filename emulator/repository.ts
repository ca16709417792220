// Records of a family, reached by the account and region that own them. Handlers and job effects go through
// a repository instead of writing the store: one place decides what "yours, in this region" means.
import { randomUUID } from "node:crypto";
import { conflict, notFound } from "./errors";
import type { Owned } from "./records";

/** Who is asking: the account and the routed region (its name is for messages). */
export interface Owner {
  account: string;
  regionId: string;
  regionName: string;
}

/** The fields a record carries besides its owner, id and times. */
export type Fields<T extends Owned> = Omit<T, keyof Owned>;

export class Repository<T extends Owned> {
  constructor(
    private readonly records: () => Record<string, T>,
    /** How messages name a record of the family, e.g. "Instance", "VPC". */
    readonly label: string,
    /** The family's declared states in which a job is under way (families/<name>/family.ts `states.busy`). */
    busyStates: readonly string[] = [],
    /** The family's declared states of a deleted record not yet expunged (families/<name>/family.ts `states.gone`). */
    goneStates: readonly string[] = [],
  ) {
    this.busy = new Set(busyStates);
    this.gone = new Set(goneStates);
  }

  private readonly busy: ReadonlySet<string>;
  private readonly gone: ReadonlySet<string>;

  /** Whether the record is deleted and waits to be expunged (its state is one the family declares gone). */
  isGone(r: T): boolean {
    const state = (r as { state?: unknown }).state;
    return typeof state === "string" && this.gone.has(state);
  }

  /** Whether a job is under way on the record (its state is one the family declares busy). */
  isBusy(r: T): boolean {
    const state = (r as { state?: unknown }).state;
    return typeof state === "string" && this.busy.has(state);
  }

  /** Refuses (409) a change while a job is under way on the record: the family's busy states decide. */
  idle(r: T, why = "wait for its job to finish"): T {
    if (this.isBusy(r)) {
      const { name, state } = r as { name?: unknown; state?: unknown };
      throw conflict(`${this.label} ${String(name ?? r.id)} is ${String(state)}; ${why}`);
    }
    return r;
  }

  /** The owner's record, or undefined (another account's or region's record is not there for it). */
  get(owner: Owner, id: string): T | undefined {
    const r = this.records()[id];
    return r && r.regionId === owner.regionId && r.account === owner.account ? r : undefined;
  }

  /** The owner's record; anything else is a 404 naming the record and the region. */
  find(owner: Owner, id: string): T {
    const r = this.get(owner, id);
    if (!r) throw notFound(`${this.label} ${id} not found in region ${owner.regionName}`);
    return r;
  }

  /** The owner's records in creation order. */
  list(owner: Owner): T[] {
    const out: T[] = [];
    const all = this.records();
    for (const id in all) {
      const r = all[id];
      if (r.regionId === owner.regionId && r.account === owner.account) out.push(r);
    }
    return out;
  }

  insert(owner: Owner, fields: Fields<T>, now: string, id: string = randomUUID()): T {
    const owned: Owned = {
      id,
      regionId: owner.regionId,
      account: owner.account,
      created: now,
      lastUpdated: now,
    };
    const r = { ...owned, ...fields } as T;
    this.records()[id] = r;
    return r;
  }

  /** Changes fields in place; `now` also stamps lastUpdated (some platform operations leave it alone). */
  update(r: T, patch: Partial<Fields<T>>, now?: string): T {
    Object.assign(r, patch);
    if (now !== undefined) r.lastUpdated = now;
    return r;
  }

  delete(id: string): boolean {
    const all = this.records();
    if (!(id in all)) return false;
    delete all[id];
    return true;
  }

  /** Any owner's record by id: for job effects (the job is already scoped) and account-wide rules. */
  byId(id: string): T | undefined {
    return this.records()[id];
  }

  /** Every record of every owner, for rules that span accounts (zone capacity, quotas, address use). */
  where(test: (r: T) => boolean): T[] {
    const out: T[] = [];
    const all = this.records();
    for (const id in all) if (test(all[id])) out.push(all[id]);
    return out;
  }
}
