// Records of a family, reached by the account and region that own them. Handlers and job effects go through
// a repository instead of writing the store: one place decides what "yours, in this region" means.
import { randomUUID } from "node:crypto";
import { conflict, notFound } from "./errors";
import type { Owned, Region } from "./records";

/** Who is asking: the account and the routed region (its name is for messages). */
export interface Owner {
  account: string;
  regionId: string;
  regionName: string;
}

/** The owner an account is in a region: whose records there a request of that account reaches. */
export function ownerIn(account: string, region: Region): Owner {
  return { account, regionId: region.id, regionName: region.name };
}

/** The fields a record carries besides its owner, id and times. */
export type Fields<T extends Owned> = Omit<T, keyof Owned>;

/** What a family declares (families/<name>/family.ts) that its repository knows. */
export interface Declared {
  /** How messages name a record of the family, e.g. "Instance", "VPC". */
  label: string;
  /** The resourceType of the family's jobs, audit rows and tags, when it has one. */
  resourceType?: string;
  states?: {
    /** States in which a job is under way. */
    busy?: readonly string[];
    /** States of a deleted record not yet expunged. */
    gone?: readonly string[];
  };
}

export class Repository<T extends Owned> {
  constructor(
    private readonly records: () => Record<string, T>,
    family: Declared,
  ) {
    this.label = family.label;
    this.type = family.resourceType;
    this.busy = new Set(family.states?.busy);
    this.gone = new Set(family.states?.gone);
  }

  /** How messages name a record of the family, e.g. "Instance", "VPC". */
  readonly label: string;
  private readonly type: string | undefined;
  private readonly busy: ReadonlySet<string>;
  private readonly gone: ReadonlySet<string>;

  /** The family's resourceType (of its jobs, audit rows and tags); asking a family that declares none is a bug. */
  get resourceType(): string {
    if (this.type === undefined) throw new Error(`${this.label}: the family declares no resourceType`);
    return this.type;
  }

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
    if (!r) throw this.missing(owner, id);
    return r;
  }

  /** The 404 of a record that is not there for the owner (for reads that decide that beyond `find`). */
  missing(owner: Owner, id: string): Error {
    return notFound(`${this.label} ${id} not found in region ${owner.regionName}`);
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
