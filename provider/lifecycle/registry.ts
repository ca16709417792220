// The kinds the engine can find by name. A field's `ref` names another kind ("Instance"), and check reads that
// kind's records through its declaration. The engine knows no kind itself: the registry (provider/kinds/index.ts)
// registers every kind here when it loads, so the kinds depend on the engine and never the reverse.

import { type Recorded, refOf, requirementsOf } from "./fieldSpec";
import type { Kind } from "./kindSpec";

let registered: ReadonlyMap<string, Kind> | undefined;
/** The kinds whose changes another kind reads: its diff (`goneWith`), or its check (a requirement's `changesWith`). */
let stoodOn: ReadonlySet<string> = new Set();
/** The kinds another kind's field names by name (an instance's group, its key pairs). */
let byName: ReadonlySet<string> = new Set();
/** By kind, the kinds whose resources a change of one of its resources takes away (kindSpec.ts: goneWith). */
let takenWith: ReadonlyMap<string, readonly Kind[]> = new Map();

/** Called once by the registry of kinds as it loads. */
export function registerKinds(kinds: readonly Kind[]): void {
  registered = new Map(kinds.map((kind) => [kind.name, kind]));
  const taken = new Map<string, Kind[]>();
  for (const kind of kinds) {
    if (kind.goneWith) taken.set(kind.goneWith.kind, [...(taken.get(kind.goneWith.kind) ?? []), kind]);
  }
  takenWith = taken;
  stoodOn = new Set([
    ...taken.keys(),
    ...kinds.flatMap((kind) =>
      Object.values(kind.fields).flatMap((f) => {
        const ref = refOf(f);
        return ref && requirementsOf(ref.requires).some((r) => r.changesWith) ? [ref.kind] : [];
      }),
    ),
  ]);
  byName = new Set(
    kinds.flatMap((kind) =>
      Object.values(kind.fields).flatMap((f) => {
        const ref = refOf(f);
        return ref?.by === "name" ? [ref.kind] : [];
      }),
    ),
  );
}

/** Whether another kind's field names this kind's resources by name (their names are claimed across processes). */
export const referencedByName = (name: string): boolean => byName.has(name);

/** Whether another kind reads the changes of this kind's resources (kindSpec.ts: goneWith; Requirement.changesWith). */
export const changesWatched = (name: string): boolean => stoodOn.has(name);

/**
 * The kinds whose resources standing on a resource of kind `name` a change of it takes away: `olds`, its old
 * outputs; `updates`, the fields it changes in place (kindSpec.ts: goneWith).
 */
export const kindsGoneWith = (name: string, olds: Recorded, updates: readonly string[]): string[] =>
  (takenWith.get(name) ?? []).filter((k) => k.goneWith?.when(olds, updates)).map((k) => k.name);

/** The kind of that name, or undefined when there is none. */
export function kindNamed(name: string): Kind | undefined {
  // Loud rather than an empty answer: check would skip every reference quietly.
  if (!registered)
    throw new Error(`the kind registry (provider/kinds) is not loaded: cannot find kind ${name}`);
  return registered.get(name);
}

/** Every kind of the registry, in its order. */
export function allKinds(): readonly Kind[] {
  if (!registered) throw new Error("the kind registry (provider/kinds) is not loaded");
  return [...registered.values()];
}
