// What a field's declaration says beyond its `doc`, in words for the reader: where its value comes from (a
// resource of another kind, or a catalogue entry and the lookup that finds it by name) and when it may be left
// out. Editors show it after the doc in the hover (render.ts); the reference page (docsPages.ts) shows the same
// facts in its columns and links.

import type { CatalogueName } from "../lifecycle/fieldSpec";
import { type FieldSpec, optionalInput, refOf } from "./define";

/** The SDK lookup that finds a catalogue's entry by name: zones → getZone, computeOfferings → getComputeOffering. */
export const catalogueLookup = (c: CatalogueName) => `get${c[0].toUpperCase()}${c.slice(1, -1)}`;

/** "Names a `cim.Vpc` by id (its `id` output)." or "An id: …", or undefined when the field names nothing. */
export function namesSentence(f: FieldSpec): string | undefined {
  const ref = refOf(f);
  if (ref) return `Names a \`cim.${ref.kind}\` by ${ref.by} (its \`${ref.by}\` output).`;
  if (f.lookup)
    return `An id (a UUID) of ${f.lookup.what}: \`cim.${catalogueLookup(f.lookup.catalogue)}\` finds it by name.`;
  return undefined;
}

/** The hover's sentences after the doc: what the field names, and "required unless adopting" where it is. */
export function hoverNotes(f: FieldSpec, defaultedName: boolean): string {
  const notes = [namesSentence(f)];
  if (f.requiredUnlessAdopting && optionalInput(f) && !defaultedName)
    notes.push("Required unless adopting (`adoptId`).");
  return notes.filter(Boolean).join(" ");
}
