// What a killed run leaves in a checkpoint (`pulumi stack export`): pending operations, among them creates of
// pulumi-cim resources that the platform may have performed without the engine ever learning the record's id.
// Pure: reading the checkpoint and writing the decisions back into it; no client, no CLI.

import { type Kind, kindNamed } from "../kinds";
import { RECOVERED } from "../lifecycle/readInputs";
import type { ExportedStack, PendingOperation, StateResource } from "../migrate/state";
import { SIG } from "../native/wire";

/** A pending create of a pulumi-cim resource, on either path. */
export interface PendingCreate {
  urn: string;
  /** The resource's name in the program (the URN's last part). */
  name: string;
  kind: Kind;
  /** `dynamic` (pulumi-nodejs:dynamic/cim:<Kind>) or `native` (cim:index:<Kind>). */
  path: "dynamic" | "native";
  /** The checked inputs the create was sent with, hidden ones (`__provider`, …) and secrets left out. */
  inputs: Record<string, unknown>;
  /** The pending operation as the checkpoint holds it. */
  operation: PendingOperation;
}

const DYNAMIC = /^pulumi-nodejs:dynamic\/cim:(\w+)$/;
const NATIVE = /^cim:index:(\w+)$/;

/** The kind a resource type names, on either path, or undefined for what is not a pulumi-cim resource. */
export function kindOfType(type: string): { kind: Kind; path: "dynamic" | "native" } | undefined {
  const dynamic = DYNAMIC.exec(type);
  const native = dynamic ? undefined : NATIVE.exec(type);
  const kind = kindNamed((dynamic ?? native)?.[1] ?? "");
  return kind ? { kind, path: dynamic ? "dynamic" : "native" } : undefined;
}

/** A value the checkpoint holds encrypted (or a resource reference): it cannot be compared with a live value. */
const opaque = (v: unknown) => v !== null && typeof v === "object" && SIG in (v as object);

export interface CheckpointView {
  /** Pending creates of pulumi-cim resources. */
  creates: PendingCreate[];
  /** Every other pending operation (not a create, or not of a pulumi-cim resource). */
  others: PendingOperation[];
  /** `Kind/id` of every pulumi-cim record the state holds (also those it still has to delete). */
  held: Set<string>;
  /** When the checkpoint was last written, on the clock of the machine that wrote it (ms), if it says. */
  writtenAt?: number;
}

export function readCheckpoint(exported: ExportedStack): CheckpointView {
  const dep = exported.deployment ?? {};
  const held = new Set<string>();
  for (const r of dep.resources ?? []) {
    const k = kindOfType(r.type);
    if (k && r.id) held.add(`${k.kind.name}/${r.id}`);
  }
  const creates: PendingCreate[] = [];
  const others: PendingOperation[] = [];
  for (const op of dep.pending_operations ?? []) {
    const k = op.type === "creating" ? kindOfType(op.resource?.type ?? "") : undefined;
    if (!k) {
      others.push(op);
      continue;
    }
    const inputs = Object.fromEntries(
      Object.entries(op.resource.inputs ?? {}).filter(([key, v]) => !key.startsWith("__") && !opaque(v)),
    );
    creates.push({
      urn: op.resource.urn,
      name: op.resource.urn.split("::").slice(3).join("::"),
      kind: k.kind,
      path: k.path,
      inputs,
      operation: op,
    });
  }
  const time = (dep.manifest as { time?: string } | undefined)?.time;
  const writtenAt = time ? Date.parse(time) : Number.NaN;
  return { creates, others, held, writtenAt: Number.isFinite(writtenAt) ? writtenAt : undefined };
}

/**
 * Where a recorded create goes among the state's resources: right after the last of what it needs (its parent, its
 * provider, its dependencies) and of the record it replaces, so before the resources that depend on it, which the
 * engine had left after it, unvisited. (Appended last, it came after them, and Pulumi refuses a state in which a
 * resource's dependency comes after it.)
 */
function placeOf(resources: readonly StateResource[], r: StateResource): number {
  const needs = new Set<string>([
    r.urn,
    ...(r.dependencies ?? []),
    ...Object.values(r.propertyDependencies ?? {}).flat(),
    ...(r.parent ? [r.parent] : []),
    // a provider reference is the provider's URN, then "::" and its id
    ...(r.provider ? [r.provider.slice(0, r.provider.lastIndexOf("::"))] : []),
  ]);
  let last = -1;
  resources.forEach((x, i) => {
    if (needs.has(x.urn)) last = i;
  });
  return last + 1;
}

/**
 * What recover does with one pending create: record the id found, or drop it (nothing was made). `outputs`: what
 * state keeps of the record, as the create would have recorded it (its region among them), read from the cloud.
 */
export type Resolution =
  | { urn: string; id: string; outputs?: Record<string, unknown> }
  | { urn: string; id?: undefined };

/**
 * The checkpoint with each resolved pending create gone from the pending operations, and those with an id
 * recorded as resources: the inputs the create was sent with as inputs; as outputs, the resolution's (the record as
 * the create would have recorded it: its region, so that a later change of the API's default region does not lose
 * it), else the inputs until the refresh that follows reads the record; with the create's hidden inputs (a dynamic
 * resource's read needs its serialized provider among them). Placed after everything it depends on (the engine
 * sends a create only once its dependencies are recorded).
 * A resource of the same URN already recorded is the one a replacement replaces: marked for deletion.
 */
export function applyResolutions(exported: ExportedStack, resolutions: Resolution[]): ExportedStack {
  const byUrn = new Map(resolutions.map((r) => [r.urn, r]));
  const dep = exported.deployment;
  const pending = dep.pending_operations ?? [];
  const added: StateResource[] = [];
  for (const op of pending) {
    const r = op.type === "creating" ? byUrn.get(op.resource.urn) : undefined;
    if (!r?.id) continue;
    const { inputs = {} } = op.resource;
    const hidden = Object.fromEntries(Object.entries(inputs).filter(([k]) => k.startsWith("__")));
    // the refresh after reads the record and keeps these inputs (RECOVERED): the next up applies what is missing
    const outputs = { ...(r.outputs ?? inputs), ...hidden, [RECOVERED]: true };
    added.push({ ...op.resource, id: r.id, inputs, outputs });
  }
  // A replacement's new record has the URN of the one it replaces, and the engine, once the replacement's create
  // ends, records what it does then: a create-before-delete replacement's old record is marked for deletion (the
  // next up deletes it); a delete-before-replace replacement's, deleted already and kept meanwhile as pending the
  // replacement, leaves the state. (Marked for deletion instead, it would stay for good: the engine drops such a
  // record only when its replacement is made, so every up would delete it again.)
  const replaced = new Set(added.map((r) => r.urn));
  const resources = (dep.resources ?? [])
    .filter((r) => !(replaced.has(r.urn) && r.pendingReplacement))
    .map((r) => (replaced.has(r.urn) && !r.delete ? { ...r, delete: true } : r));
  for (const r of added) resources.splice(placeOf(resources, r), 0, r);
  return {
    ...exported,
    deployment: {
      ...dep,
      resources,
      pending_operations: pending.filter((op) => !(op.type === "creating" && byUrn.has(op.resource.urn))),
    },
  };
}
