// What a field's declaration says beyond its `doc`, in words for the reader: where its value comes from (a
// resource of another kind, or a catalogue entry and the lookup that finds it by name) and when it may be left
// out. Editors show it after the doc in the hover (render.ts); the reference page (docsPages.ts) shows the same
// facts in its columns and links.

import { catalogueLookup } from "../lifecycle/fieldSpec";
import { DEFAULT_TIMEOUT_MS } from "../lifecycle/timeouts";
import { type FieldSpec, type Kind, optionalInput, refOf } from "./define";

export { catalogueLookup };

/**
 * What check does with a reference that must exist (`ref.mustExist`), completing "Names a `cim.Vpc` by id": one
 * wording for the hover and the reference page.
 */
export const mustExistClause = (by: "id" | "name") =>
  `; preview refuses ${by === "id" ? "an id" : "a name"} written as text that names none`;

/** "Names a `cim.Vpc` by id (its `id` output)." or "An id: …", or undefined when the field names nothing. */
export function namesSentence(f: FieldSpec): string | undefined {
  const ref = refOf(f);
  if (ref)
    return `Names a \`cim.${ref.kind}\` by ${ref.by} (its \`${ref.by}\` output)${ref.mustExist ? mustExistClause(ref.by) : ""}.`;
  if (f.lookup)
    return `An id (a UUID) of ${f.lookup.what}: \`cim.${catalogueLookup(f.lookup.catalogue)}\` finds it by name.`;
  return undefined;
}

/** How long a kind's operations wait for their jobs when `timeouts` leaves them out: "create 20m, update 20m, …". */
export function timeoutsDefault(kind: Kind): string {
  const t = kind.timeouts ?? {};
  const dflt = `${DEFAULT_TIMEOUT_MS / 60_000}m`;
  return (["create", "update", "delete"] as const).map((op) => `${op} ${t[op] ?? dflt}`).join(", ");
}

/**
 * The hover's sentences after the doc of `kind`'s input `name`: what it names, "required unless adopting" where
 * it is, and the waits `timeouts` leaves to their defaults (the `customTimeouts` option gives the same).
 */
export function hoverNotes(kind: Kind, name: string, f: FieldSpec): string {
  const notes = [namesSentence(f)];
  const defaultedName = name === "name" && kind.nameFromResource === true;
  if (f.requiredUnlessAdopting && optionalInput(f) && !defaultedName)
    notes.push("Required unless adopting (`adoptId`).");
  if (name === "timeouts")
    notes.push(
      `Default: ${timeoutsDefault(kind)}; the \`customTimeouts\` resource option gives the same where this leaves one out.`,
    );
  return notes.filter(Boolean).join(" ");
}
