// The seeded program generator: the first round draws a program from the recipes (recipes.ts), each later round
// changes it (additions, deletions, in-place changes, replace-forcing changes). Which of the two a change is
// comes from the kind's declaration (provider/kinds: each field's `change`), not from the recipes. The program
// of round k is a function of (seed, k) alone, whatever the cloud did, so any round replays from its seed.
import { type KindName, kinds } from "../../provider/kinds";
import { Ctx, type Program, type Res, refsOf, type SoakCatalogue } from "./model";
import { Rng, roundSeed } from "./prng";
import { RECIPES, recipeOf } from "./recipes/index";

export type ChangeType = "add" | "delete" | "in-place" | "replace";

export interface Change {
  type: ChangeType;
  kind: KindName;
  name: string;
  /** The fields a change touches. */
  fields?: string[];
}

/** Kept small: every resource costs each round's up, preview and check. */
const MAX_RESOURCES = 18;

/** Whether setting these fields of a kind replaces it, by the declaration's change rules. */
export function changeTypeOf(kind: KindName, fields: string[]): "in-place" | "replace" {
  const declared = kinds[kind].fields as Record<string, { change: string }>;
  for (const f of fields) {
    const spec = declared[f];
    if (!spec) throw new Error(`soak recipe: ${kind} has no field ${f}`);
    if (spec.change === "replace") return "replace";
  }
  return "in-place";
}

/** Adds one resource of `kind`, its parents first when it has nothing to stand on (depth-bounded). */
export function add(ctx: Ctx, kind: KindName, changes: Change[], depth = 0): Res | undefined {
  const recipe = recipeOf(kind);
  if (!recipe) throw new Error(`soak: no recipe for ${kind}`);
  let drawn = recipe.create(ctx);
  if (!drawn && depth < 3) {
    for (const parent of ctx.rng.some(recipe.parents, recipe.parents.length)) {
      add(ctx, parent, changes, depth + 1);
      drawn = recipe.create(ctx);
      if (drawn) break;
    }
  }
  if (!drawn) return undefined;
  const res: Res = {
    name: `${kind.replace(/[a-z]/g, "").toLowerCase()}${ctx.fresh()}`,
    kind,
    inputs: drawn.inputs,
    meta: drawn.meta ?? {},
  };
  ctx.program.resources.push(res);
  changes.push({ type: "add", kind, name: res.name });
  return res;
}

/** A kind to add: by the recipes' weights, a kind the program lacks four times as often (to meet them all). */
function pickWeighted(ctx: Ctx): KindName {
  const present = new Set(ctx.program.resources.map((r) => r.kind));
  const weight = (r: (typeof RECIPES)[number]) => r.weight * (present.has(r.kind) ? 1 : 4);
  const total = RECIPES.reduce((n, r) => n + weight(r), 0);
  let at = ctx.rng.next() * total;
  for (const r of RECIPES) {
    at -= weight(r);
    if (at < 0) return r.kind;
  }
  return RECIPES[RECIPES.length - 1].kind;
}

function remove(ctx: Ctx, changes: Change[]): boolean {
  const leaves = ctx.program.resources.filter((r) => ctx.dependents(r).length === 0);
  const res = ctx.pickOr(leaves);
  if (!res) return false;
  ctx.program.resources = ctx.program.resources.filter((r) => r !== res);
  changes.push({ type: "delete", kind: res.kind, name: res.name });
  return true;
}

function change(ctx: Ctx, changes: Change[], want: "in-place" | "replace"): boolean {
  for (let tries = 0; tries < 10; tries++) {
    const res = ctx.pickOr(ctx.program.resources.filter((r) => Object.keys(recipeOf(r.kind)!.vary).length));
    if (!res) return false;
    const vary = recipeOf(res.kind)!.vary;
    const labels = Object.keys(vary).filter((l) => changeTypeOf(res.kind, fieldsOf(res.kind, l)) === want);
    const label = ctx.pickOr(labels);
    if (!label) continue;
    const patch = vary[label](ctx, res);
    if (!patch) continue;
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined) delete res.inputs[k];
      else res.inputs[k] = v;
    }
    // a replaced resource's dependents may not follow it (the generator never names a resource that is gone)
    changes.push({
      type: changeTypeOf(res.kind, Object.keys(patch)),
      kind: res.kind,
      name: res.name,
      fields: Object.keys(patch),
    });
    return true;
  }
  return false;
}

/** The fields a vary label sets: the label itself when it is a field, else what the recipe's patch shows. */
function fieldsOf(kind: KindName, label: string): string[] {
  if (Object.hasOwn(kinds[kind].fields, label)) return [label];
  // a label that is no field (an ACL rule's "traffic") sets in-place fields only, checked in soak.test.ts
  return [];
}

/** One round's changes to the program (round 0 draws it). */
export function evolve(program: Program, rng: Rng, ids: SoakCatalogue, round: number): Change[] {
  const ctx = new Ctx(rng, ids, program, structuredClone(program.resources));
  const changes: Change[] = [];
  if (round === 0 || program.resources.length === 0) {
    const n = rng.int(4, 8);
    while (program.resources.length < n) if (!add(ctx, pickWeighted(ctx), changes)) break;
    return changes;
  }
  const ops = rng.int(1, 3);
  for (let i = 0; i < ops; i++) {
    const big = program.resources.length >= MAX_RESOURCES;
    const roll = rng.next();
    if (big || roll < 0.15) remove(ctx, changes);
    else if (roll < 0.55) add(ctx, pickWeighted(ctx), changes);
    else if (roll < 0.8) change(ctx, changes, "in-place");
    else change(ctx, changes, "replace");
  }
  return changes;
}

/** The program after round `round` of a run seeded `seed` (pure: no cloud involved). */
export function programAt(
  seed: number,
  round: number,
  ids: SoakCatalogue,
): { program: Program; changes: Change[] } {
  const program: Program = { resources: [], serial: 1 };
  let changes: Change[] = [];
  for (let r = 0; r <= round; r++) changes = evolve(program, new Rng(roundSeed(seed, r)), ids, r);
  return { program, changes };
}

/** The program as the soak's program.cjs reads it: what resources, in dependency order. */
export function programJson(program: Program): string {
  const done = new Set<string>();
  const order: Res[] = [];
  const visit = (r: Res) => {
    if (done.has(r.name)) return;
    done.add(r.name);
    for (const dep of refsOf(r)) {
      const d = program.resources.find((x) => x.name === dep);
      if (!d) throw new Error(`soak generator: ${r.name} refers to ${dep}, which is not in the program`);
      visit(d);
    }
    order.push(r);
  };
  program.resources.forEach(visit);
  return JSON.stringify(order.map(({ name, kind, inputs }) => ({ name, kind, inputs })));
}
