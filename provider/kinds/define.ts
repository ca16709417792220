// A resource kind, declared once. Every input field carries its check (a zod schema whose messages state the
// rule), its change rule (in place, replace, or state only), how the live record shows it (verify after write,
// adoption, outputs, import) and what it refers to (catalogue lookups at check, references in generated
// programs). Output-only fields say where they come from. Everything else is derived from the declaration:
// the provider (provider/lifecycle/engine.ts), the SDK class and its types (sdk/), the policy pack's type
// lists, the quota preflight, `pulumi-cim import` and the reference pages (docs/resources/).
//
// This module is pure: no client, no Pulumi. The declaration language itself (FieldSpec, KindSpec, …) is the
// engine's, in provider/lifecycle/fieldSpec.ts and kindSpec.ts, re-exported here: kinds depend on the engine,
// never the reverse (tests/architecture/imports.test.ts).

import {
  type Fields,
  type LiveRecord,
  type Outputs,
  spelledOut,
  stateDefaults,
} from "../lifecycle/fieldSpec";
import type { Kind, KindSpec } from "../lifecycle/kindSpec";

export {
  absentOutputs,
  type Cap,
  type Change,
  defaultValue,
  desiredValue,
  type Exclusive,
  type FieldSpec,
  type Fields,
  givenOnlyOutputs,
  type InputsOf,
  type LiveRecord,
  type LiveValue,
  liveValue,
  NAME_DEFAULTED,
  type OutputSpec,
  type Outputs,
  type OutputsOf,
  optionalInput,
  outputNames,
  PLAIN_REFERENCES,
  PLANNED_REFERENCES,
  type RawInputsOf,
  REPLACE_ON_CHANGES,
  type Recorded,
  type Ref,
  type Requirement,
  refOf,
  type ShownOf,
  type StateDefault,
  secretInputs,
  secretOutputs,
  stateDefaults,
  type TypedRef,
} from "../lifecycle/fieldSpec";
export type {
  CatalogueRows,
  Importer,
  Kind,
  KindApi,
  KindSpec,
  LiveRules,
  LookupFailure,
  QuotaKey,
  QuotaUse,
  RowsBefore,
} from "../lifecycle/kindSpec";

/**
 * Declares a kind. Each field's doc ends with what a change does and its default, and its `default` becomes
 * the rules that use it (spelledOut). Checks at load time what types cannot: in-place fields must be verifiable.
 */
export function defineKind<F extends Fields, O extends Outputs, R extends LiveRecord>(
  declared: KindSpec<F, O, R>,
): Kind<F, O, R> {
  const fields = Object.fromEntries(Object.entries(declared.fields).map(([k, f]) => [k, spelledOut(k, f)]));
  const spec = { ...declared, fields: fields as F };
  for (const [name, f] of Object.entries(spec.fields)) {
    // a tag collection's tags are the engine's to apply and verify
    if (f.change !== "update" || (name === "tags" && spec.tags)) continue;
    if (f.live === undefined) {
      throw new Error(
        `kind ${spec.name}: in-place field ${name} needs a live value to verify what was applied`,
      );
    }
    if (!spec.api.apply) throw new Error(`kind ${spec.name}: in-place field ${name} needs api.apply`);
  }
  if (spec.tags && !("tags" in spec.fields))
    throw new Error(`kind ${spec.name}: a tag collection needs a tags field`);
  for (const [name, d] of stateDefaults(spec)) {
    if (!("sameAs" in d)) continue;
    const other = spec.fields[d.sameAs];
    if (!other || other.secret || other.stateDefault || !other.present)
      throw new Error(
        `kind ${spec.name}: ${name} defaults to ${d.sameAs}, which must be a field always in outputs without a default of its own`,
      );
  }
  for (const [name, o] of Object.entries(spec.outputs as Outputs)) {
    for (const f of o.follows ?? []) {
      if (spec.fields[f]?.change !== "update")
        throw new Error(
          `kind ${spec.name}: output ${name} follows ${f}, which must be a field changed in place`,
        );
    }
    if (o.onlyWith !== undefined && !spec.fields[o.onlyWith])
      throw new Error(
        `kind ${spec.name}: output ${name} is only there with ${o.onlyWith}, which is no field`,
      );
  }
  return spec;
}

/** The type token of a kind's resources: in state, in `pulumi preview`, and the SDK class's `__pulumiType`. */
export function typeToken(kind: { name: string }): string {
  return `pulumi-nodejs:dynamic/cim:${kind.name}`;
}

/** The type token of a kind's resources served by the `pulumi-resource-cim` plugin (package `cim`). */
export function nativeTypeToken(kind: { name: string }): string {
  return `cim:index:${kind.name}`;
}
