// The soak's program model: resources with plain inputs and references to other resources, as JSON the soak's
// program (program.cjs) turns into cim resources. References always point at resources of kinds further up the
// kinds' dependency order, so a program never has a cycle; program.cjs creates them in dependency order.
import type { KindName } from "../../provider/kinds";
import type { Rng } from "./prng";

/** Another resource's output (its `id` unless told). */
export interface RefValue {
  $ref: string;
  out?: string;
}

export type Value = unknown;
export type Inputs = Record<string, Value>;

export interface Res {
  /** The logical name (unique in the program). */
  name: string;
  kind: KindName;
  inputs: Inputs;
  /** What the generator remembers of it (the VPC range index, the tier's octet, …); not an input. */
  meta: Record<string, unknown>;
}

export interface Program {
  resources: Res[];
  /** Next number for logical names and unique values (never reused, so a replacement never clashes). */
  serial: number;
}

/** The catalogue ids recipes draw from (read from the emulator once). */
export interface SoakCatalogue {
  zoneId: string;
  templates: string[];
  small: string;
  medium: string;
  customDisk: string;
  vpcTier: string;
  vpcTierIlb: string;
  isolated: string;
  vpcOffering: string;
  backupOfferings: string[];
  kubernetesVersionId: string;
  osTypeId: string;
  /** ISOs to boot from, and a fixed-size disk offering for their root disks (an ISO carries no disk). */
  isos: string[];
  isoDisk: string;
}

export const ref = (r: Res, out?: string): RefValue => (out ? { $ref: r.name, out } : { $ref: r.name });

export const isRef = (v: unknown): v is RefValue =>
  typeof v === "object" && v !== null && typeof (v as RefValue).$ref === "string";

/** The names a resource's inputs refer to. */
export function refsOf(res: Res): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (isRef(v)) out.push(v.$ref);
    else if (Array.isArray(v)) v.forEach(walk);
  };
  Object.values(res.inputs).forEach(walk);
  return out;
}

/** What a recipe sees while drawing: the program so far, catalogue ids, randomness and unique numbers. */
export class Ctx {
  constructor(
    readonly rng: Rng,
    readonly ids: SoakCatalogue,
    readonly program: Program,
    /** The program as the round found it (deployed): what its deletes remove only after every create. */
    readonly before: readonly Res[] = [],
  ) {}

  /** A number never drawn before in this program. */
  fresh(): number {
    return this.program.serial++;
  }

  of(kind: KindName, where: (r: Res) => boolean = () => true): Res[] {
    return this.program.resources.filter((r) => r.kind === kind && where(r));
  }

  named(name: string): Res | undefined {
    return this.program.resources.find((r) => r.name === name);
  }

  /** The resource `v` refers to. */
  target(v: unknown): Res | undefined {
    return isRef(v) ? this.named(v.$ref) : undefined;
  }

  /**
   * The names `field` of the kind's resources refers to, in the program now and as the round found it. A
   * resource the round removes is deleted only after every create, so what it holds (an instance's one DAILY
   * schedule, a VPC's one group, a rule's number in its list) cannot be taken by a resource the round adds.
   */
  heldNowOrBefore(kind: KindName, field: string): Set<string> {
    const names = new Set<string>();
    // both copies of a resource the round changes: what it held before is held until its update
    for (const r of [...this.of(kind), ...this.before.filter((b) => b.kind === kind)]) {
      const v = r.inputs[field];
      if (isRef(v)) names.add(v.$ref);
    }
    return names;
  }

  /** The kind's resources in the program now, and those the round removes (gone only after every create). */
  ofNowOrBefore(kind: KindName): Res[] {
    return [...this.of(kind), ...this.before.filter((b) => b.kind === kind && !this.named(b.name))];
  }

  /** The resource `v` refers to, in the program now or as the round found it. */
  targetNowOrBefore(v: unknown): Res | undefined {
    return this.target(v) ?? (isRef(v) ? this.before.find((b) => b.name === v.$ref) : undefined);
  }

  /** Resources that refer to `res`. */
  dependents(res: Res): Res[] {
    return this.program.resources.filter((r) => refsOf(r).includes(res.name));
  }

  pickOr<T>(items: T[]): T | undefined {
    return items.length ? this.rng.pick(items) : undefined;
  }

  tags(): Record<string, string> {
    const tags: Record<string, string> = { soak: this.rng.word(4) };
    if (this.rng.chance(0.5)) tags[`k${this.rng.int(1, 3)}`] = this.rng.word(3);
    return tags;
  }

  /** A value in [min, max] not in `taken`, or undefined when every one is. */
  freeInt(min: number, max: number, taken: Iterable<unknown>): number | undefined {
    const used = new Set(taken);
    for (let i = 0; i < 50; i++) {
      const n = this.rng.int(min, max);
      if (!used.has(n)) return n;
    }
    return undefined;
  }
}

/**
 * How the soak draws one kind: what it stands on, how to draw valid inputs, and new values for some of its
 * fields. Whether a change is applied in place or replaces is not said here: the generator reads it from the
 * kind's declaration (each field's `change`).
 */
export interface Recipe {
  kind: KindName;
  /** How often an addition picks it. */
  weight: number;
  /** Kinds to add first when `create` finds nothing to stand on. */
  parents: KindName[];
  /** Inputs and meta of a new resource, or undefined when what it needs is not in the program. */
  create(ctx: Ctx): { inputs: Inputs; meta?: Record<string, unknown> } | undefined;
  /**
   * Changes, each to a few fields: a patch of inputs (`undefined` removes an input), or undefined when it
   * cannot apply now. Keyed by a label the report counts.
   */
  vary: Record<string, (ctx: Ctx, res: Res) => Inputs | undefined>;
}
