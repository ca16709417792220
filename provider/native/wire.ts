// Property values on the wire of the native plugin: google.protobuf.Struct ⇄ the plain objects the lifecycle
// engine takes. The engine (provider/lifecycle/) is the same one the dynamic path drives, so values reach it in
// the shape the dynamic-provider host gives them: secrets unwrapped (the plugin tells Pulumi it accepts secrets,
// so they arrive as Pulumi's secret signature objects), unknowns as Pulumi's unknown sentinel string (the engine's
// containsUnknown looks for exactly that), no undefined anywhere. On the way out, the values a kind declares
// secret are wrapped again, so Pulumi encrypts them in state and masks them in its display.

import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { compact, UNKNOWN } from "../lifecycle/values";

/** The key every Pulumi signature object carries, and the value of a secret's signature. */
export const SIG = "4dabf18193072939515e22adb298388d";
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

export { UNKNOWN };

export type Props = Record<string, unknown>;

function isSecret(v: unknown): v is { value?: unknown } {
  return v !== null && typeof v === "object" && (v as Props)[SIG] === SECRET_SIG;
}

/** A value with every secret replaced by what it holds. */
export function unwrapSecrets(v: unknown): unknown {
  if (isSecret(v)) return unwrapSecrets(v.value);
  if (Array.isArray(v)) return v.map(unwrapSecrets);
  if (v !== null && typeof v === "object") {
    const out: Props = {};
    for (const [k, x] of Object.entries(v)) out[k] = unwrapSecrets(x);
    return out;
  }
  return v;
}

/** A value wrapped as a secret (once: a secret stays one secret). */
export function secret(v: unknown): unknown {
  return isSecret(v) ? v : { [SIG]: SECRET_SIG, value: v };
}

/** Whether the value, or anything inside it, is a secret. */
export function containsSecret(v: unknown): boolean {
  if (isSecret(v)) return true;
  if (Array.isArray(v)) return v.some(containsSecret);
  if (v !== null && typeof v === "object") return Object.values(v).some(containsSecret);
  return false;
}

/** What the engine takes from a request's Struct: plain values, secrets unwrapped; `secrets`: the top-level keys that held one. */
export function fromStruct(s: Struct | undefined): { values: Props; secrets: string[] } {
  const raw = (s?.toJavaScript() ?? {}) as Props;
  const secrets = Object.keys(raw).filter((k) => containsSecret(raw[k]));
  return { values: unwrapSecrets(raw) as Props, secrets };
}

/** Plain values from a request's Struct (secrets unwrapped). */
export function plain(s: Struct | undefined): Props {
  return fromStruct(s).values;
}

/**
 * Old outputs from a request's Struct (Diff, Update, Delete, Read): plain values, without the nulls state keeps for
 * an output the resource lacks (lifecycle/fields.ts: withAbsent), so the plugin sees an absent output as absent.
 */
export function heldOutputs(s: Struct | undefined): Props {
  const values = plain(s);
  for (const k of Object.keys(values)) if (values[k] === null) delete values[k];
  return values;
}

/**
 * The Struct of values going back to Pulumi: `secrets` name the top-level keys to wrap as secrets (those the kind
 * declares secret, and those that came in as secrets); undefined is left out (a Struct cannot hold it).
 */
export function toStruct(values: Props, secrets: Iterable<string> = []): Struct {
  const out: Props = compact({ ...values }) as Props;
  for (const k of secrets) if (out[k] !== undefined && out[k] !== null) out[k] = secret(out[k]);
  return Struct.fromJavaScript(out as Parameters<typeof Struct.fromJavaScript>[0]);
}

/** A Check's answer: the checked inputs, and each failure naming its property and the rule it breaks. */
export function checkResponse(
  inputs: Struct,
  failures: readonly { property: string; reason: string }[] = [],
): provproto.CheckResponse {
  const res = new provproto.CheckResponse();
  res.setInputs(inputs);
  for (const f of failures) {
    const failure = new provproto.CheckFailure();
    failure.setProperty(f.property);
    failure.setReason(f.reason);
    res.addFailures(failure);
  }
  return res;
}
