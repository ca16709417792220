// The parts of a Pulumi checkpoint (`pulumi stack export`, deployment version 3) a migration reads and writes,
// and the one rule for renaming: a resource's URN carries its own type and every ancestor's
// (`urn:pulumi:<stack>::<project>::<parent type>$<type>::<name>`), so a rename of a type renames the resource, its
// children and their children, and every place the checkpoint names one of them by URN has to follow.

import { SIG } from "../native/wire";

/** One resource of a checkpoint. Fields this code does not know are kept as they are. */
export interface StateResource {
  urn: string;
  type: string;
  custom?: boolean;
  id?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
  parent?: string;
  provider?: string;
  dependencies?: string[];
  propertyDependencies?: Record<string, string[]>;
  deletedWith?: string;
  aliases?: string[];
  replaceWith?: string[];
  /** An old record of a create-before-delete replacement, which the next up deletes. */
  delete?: boolean;
  /** Deleted already by a delete-before-replace replacement whose new record is not made yet. */
  pendingReplacement?: boolean;
  [other: string]: unknown;
}

export interface PendingOperation {
  resource: StateResource;
  type: string;
  [other: string]: unknown;
}

/** What `pulumi stack export` prints. */
export interface ExportedStack {
  version: number;
  deployment: {
    resources?: StateResource[];
    pending_operations?: PendingOperation[];
    [other: string]: unknown;
  };
}

const URN_PREFIX = "urn:pulumi:";
const SEP = "::";

export interface ParsedUrn {
  stack: string;
  project: string;
  /** The resource's type after its ancestors' types, `$`-separated. */
  qualifiedType: string;
  /** The resource's name: the rest of the URN (a name may itself hold `::`). */
  name: string;
}

export function parseUrn(urn: string): ParsedUrn | undefined {
  if (!urn.startsWith(URN_PREFIX)) return undefined;
  const parts: string[] = [];
  let rest = urn.slice(URN_PREFIX.length);
  for (let i = 0; i < 3; i++) {
    const at = rest.indexOf(SEP);
    if (at < 0) return undefined;
    parts.push(rest.slice(0, at));
    rest = rest.slice(at + SEP.length);
  }
  const [stack, project, qualifiedType] = parts;
  return { stack, project, qualifiedType, name: rest };
}

export function formatUrn(u: ParsedUrn): string {
  return `${URN_PREFIX}${u.stack}${SEP}${u.project}${SEP}${u.qualifiedType}${SEP}${u.name}`;
}

/** The URN with each type of its qualified type passed through `mapType` (the resource's and its ancestors'). */
export function renameTypes(urn: string, mapType: (type: string) => string): string {
  const u = parseUrn(urn);
  if (!u) return urn;
  const qualifiedType = u.qualifiedType.split("$").map(mapType).join("$");
  return qualifiedType === u.qualifiedType ? urn : formatUrn({ ...u, qualifiedType });
}

/** A provider reference, `<provider urn>::<provider id>`, split at its last `::`. */
export function parseProviderRef(ref: string): { urn: string; id: string } | undefined {
  const at = ref.lastIndexOf(SEP);
  if (at < 0) return undefined;
  return { urn: ref.slice(0, at), id: ref.slice(at + SEP.length) };
}

/** The signature of a resource reference under Pulumi's signature key (SIG: secrets, references, assets). */
const RESOURCE_REFERENCE = "5cf8f73096256a8f31e491e813e4eb8e";

/**
 * `value` with the URN of every resource reference in it renamed (a program may export a resource, or pass one
 * as an input). Secrets stay as they are: their ciphertext cannot be read here, and a reference inside a secret
 * is rare enough to leave to the engine's next read.
 */
function renameInValue(value: unknown, rename: (urn: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => renameInValue(v, rename));
  if (value === null || typeof value !== "object") return value;
  const o = value as Record<string, unknown>;
  if (o[SIG] === RESOURCE_REFERENCE && typeof o.urn === "string") return { ...o, urn: rename(o.urn) };
  if (o[SIG] !== undefined) return o;
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, renameInValue(v, rename)]));
}

/**
 * The resource with every URN it holds passed through `rename`: its own, its parent, dependencies, property
 * dependencies, deletedWith, aliases, replaceWith, its provider reference's URN, and resource references in
 * its inputs and outputs.
 */
export function renameReferences(r: StateResource, rename: (urn: string) => string): StateResource {
  const out: StateResource = { ...r, urn: rename(r.urn) };
  if (r.parent) out.parent = rename(r.parent);
  if (r.deletedWith) out.deletedWith = rename(r.deletedWith);
  if (r.dependencies) out.dependencies = r.dependencies.map(rename);
  if (r.aliases) out.aliases = r.aliases.map(rename);
  if (Array.isArray(r.replaceWith)) out.replaceWith = r.replaceWith.map(rename);
  if (r.propertyDependencies) {
    out.propertyDependencies = Object.fromEntries(
      Object.entries(r.propertyDependencies).map(([k, urns]) => [k, (urns ?? []).map(rename)]),
    );
  }
  if (r.provider) {
    const ref = parseProviderRef(r.provider);
    if (ref) out.provider = `${rename(ref.urn)}${SEP}${ref.id}`;
  }
  if (r.inputs) out.inputs = renameInValue(r.inputs, rename) as Record<string, unknown>;
  if (r.outputs) out.outputs = renameInValue(r.outputs, rename) as Record<string, unknown>;
  return out;
}

/** Every URN the resource names other than its own (for "is anything still using X"). */
export function referencesOf(r: StateResource): string[] {
  const refs: string[] = [];
  if (r.parent) refs.push(r.parent);
  if (r.deletedWith) refs.push(r.deletedWith);
  refs.push(...(r.dependencies ?? []));
  if (Array.isArray(r.replaceWith)) refs.push(...r.replaceWith);
  for (const urns of Object.values(r.propertyDependencies ?? {})) refs.push(...(urns ?? []));
  const ref = r.provider ? parseProviderRef(r.provider) : undefined;
  if (ref) refs.push(ref.urn);
  return refs;
}

/**
 * The name the engine gives the default provider of a package at `version`: `default_` and major, minor, patch,
 * each pre-release and each build identifier joined by `_`, e.g. `default_0_1_0`, `default_1_2_0_beta_1` for
 * `1.2.0-beta.1`.
 */
export function defaultProviderName(version: string): string {
  const m = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+([0-9A-Za-z.-]+))?$/.exec(version);
  if (!m) throw new Error(`"${version}" is not a semantic version`);
  const parts = [m[1], m[2], m[3], ...(m[4]?.split(".") ?? []), ...(m[5]?.split(".") ?? [])];
  return `default_${parts.join("_")}`;
}
