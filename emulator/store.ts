// The storage layer: one in-memory state object, persisted as JSON into the data dir (temp file + rename).
// The store is handed its seed; what the state holds beyond the base (the families' collections) is the
// caller's type.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AuditRow, BaseState, CatalogueKinds } from "./records";

/** Catalogue entries are looked up by id on every deploy and every instance view. */
type CatalogueItem = { id: string; regionId: string };
type CatalogueKind = keyof CatalogueKinds;
/** Every catalogue collection, checked by the compiler against CatalogueKinds (none forgotten, none misspelt). */
const CATALOGUES: Record<CatalogueKind, true> = {
  zones: true,
  templates: true,
  isos: true,
  computeOfferings: true,
  diskOfferings: true,
  networkOfferings: true,
  vpcOfferings: true,
  backupOfferings: true,
  kubernetesVersions: true,
};
const CATALOGUE_KINDS = Object.keys(CATALOGUES) as CatalogueKind[];

/** Lists of the world that are not per region (not indexed by id and region), upgraded like the catalogue. */
const GLOBAL_LISTS = ["osTypes"] as const;

const FLUSH_DELAY_MS = 100;
const AUDIT_CAP = 20_000;

export class Store<S extends BaseState = BaseState> {
  state: S;
  private catalogueIndex = new Map<string, { kind: CatalogueKind; item: CatalogueItem }>();
  private flushTimer: NodeJS.Timeout | undefined;
  private lastWriteMs = 0;
  private readonly file: string;

  constructor(
    dataDir: string,
    private readonly seed: () => S,
  ) {
    mkdirSync(dataDir, { recursive: true });
    this.file = join(dataDir, "state.json");
    const found = existsSync(this.file);
    this.state = found ? (JSON.parse(readFileSync(this.file, "utf8")) as S) : seed();
    // State written before a catalogue list existed gets the seeded one (the world's ids are deterministic).
    const missing = [...CATALOGUE_KINDS, ...GLOBAL_LISTS].filter((k) => !Array.isArray(this.state[k]));
    if (missing.length) {
      const seeded = seed();
      for (const k of missing) (this.state as BaseState)[k] = seeded[k] as never;
    }
    this.reindex();
    if (!found) this.flushSync();
  }

  reset(): void {
    this.state = this.seed();
    this.reindex();
    this.flushSync();
  }

  /** Call after catalogue lists (zones, offerings, …) change. */
  reindex(): void {
    this.catalogueIndex.clear();
    for (const kind of CATALOGUE_KINDS) {
      for (const item of this.state[kind] as CatalogueItem[])
        this.catalogueIndex.set(item.id, { kind, item });
    }
  }

  /** A catalogue entry of a kind, in one region; undefined when absent there (ids are region-scoped). */
  catalogue<K extends CatalogueKind>(kind: K, id: unknown, regionId: string): CatalogueKinds[K] | undefined {
    if (typeof id !== "string") return undefined;
    const entry = this.catalogueIndex.get(id);
    if (!entry || entry.kind !== kind || entry.item.regionId !== regionId) return undefined;
    return entry.item as CatalogueKinds[K];
  }

  addAudit(row: AuditRow): void {
    this.state.audit.push(row);
    if (this.state.audit.length > AUDIT_CAP) this.state.audit.splice(0, this.state.audit.length - AUDIT_CAP);
  }

  /**
   * Schedule a write; many mutations in a burst cost one write. The delay grows with the cost of the last
   * write (ten times it, at least FLUSH_DELAY_MS), so a state of thousands of records is not rewritten many
   * times a second: the emulator's CPU stays the API's, not its persistence's.
   */
  markDirty(): void {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => this.flushSync(), Math.max(FLUSH_DELAY_MS, 10 * this.lastWriteMs));
    this.flushTimer.unref();
  }

  flushSync(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const started = performance.now();
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.state));
    renameSync(tmp, this.file);
    this.lastWriteMs = performance.now() - started;
  }
}
