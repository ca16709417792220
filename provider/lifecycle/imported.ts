// The inputs of a program that adopts a live record, as one place says them for both ways in: the code
// `pulumi-cim import` writes (import/generate.ts) and the inputs the plugin's Read of an id alone answers
// (`pulumi import`, the `import` resource option, `.get()`), from which Pulumi writes its code. The two agree, so
// an instance booted from an ISO is adopted as one either way, and neither writes a value its field's absence
// means anyway.

import { liveValue, type Recorded } from "./fieldSpec";
import type { Kind } from "./kindSpec";
import { sameValue } from "./values";

/** Fields every kind has that the adopting program gives otherwise (adoptId, region) or not at all (timeouts). */
const OWN = new Set(["adoptId", "region", "timeouts", "tags"]);

/**
 * The inputs of a program that adopts `live`: each field's live value (a value equal to the field's default
 * is left out, as is one the API does not report, or reports only in another form, such as a key's
 * fingerprint: the importer's `unreported`), then the kind's adjustments; in the order the kind declares its
 * fields. Tags are not among them: a program gives the record's tags as they are.
 */
export function importedInputs(kind: Kind, live: Record<string, unknown>): Recorded {
  const values: Recorded = {};
  const unreported = new Set(kind.importer?.unreported);
  for (const [k, f] of Object.entries(kind.fields)) {
    if (OWN.has(k) || f.secret || f.live === undefined || unreported.has(k)) continue;
    const v = liveValue(f, k, live, values);
    if (v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0)) continue;
    if (typeof f.unset === "function" && (f.same ?? sameValue)(f.unset(values), v)) continue;
    values[k] = v;
  }
  const adjusted = kind.importer?.inputs ? kind.importer.inputs(values, live) : values;
  // Declaration order, whatever order the adjustments left (programs list fields as the SDK documents them).
  const order = Object.keys(kind.fields);
  return Object.fromEntries(Object.entries(adjusted).sort(([a], [b]) => order.indexOf(a) - order.indexOf(b)));
}
