// Moving a stack's pulumi-cim resources between the dynamic path (`pulumi-nodejs:dynamic/cim:<Kind>`, served by
// Pulumi's dynamic-provider host, the provider's code serialized into each resource as `__provider`) and the
// native plugin (`cim:index:<Kind>`, served by the `cim` provider) without touching the cloud: the same
// resources, ids and outputs under their other type, pointed at the other path's default provider.
//
// A pure function of the exported checkpoint. It renames types and URNs (children included: a URN carries its
// ancestors' types), follows every reference to a renamed URN, swaps `__provider` and the dynamic path's hidden
// `__given` (the plugin reads the given inputs from the inputs themselves), adds the target path's default
// provider once and drops the source path's provider when nothing uses it any more. It writes no configuration
// value into the checkpoint: the engine fills a default provider's configuration from the stack's config at the
// next run, so the token is never written here.

import { randomUUID } from "node:crypto";
import { GIVEN } from "../lifecycle/readInputs";
import { without } from "../lifecycle/values";
import {
  defaultProviderName,
  type ExportedStack,
  formatUrn,
  type ParsedUrn,
  type PendingOperation,
  parseProviderRef,
  parseUrn,
  referencesOf,
  renameReferences,
  renameTypes,
  type StateResource,
} from "./state";

export const DYNAMIC_PREFIX = "pulumi-nodejs:dynamic/cim:";
export const NATIVE_PREFIX = "cim:index:";
export const DYNAMIC_PROVIDER_TYPE = "pulumi:providers:pulumi-nodejs";
export const NATIVE_PROVIDER_TYPE = "pulumi:providers:cim";
/** The input and output holding a dynamic resource's serialized provider. */
export const PROVIDER_KEY = "__provider";

export type Target = "native" | "dynamic";

/** The migration cannot go ahead; the message says why and what to do. Nothing has been written. */
export class MigrationRefused extends Error {}

export interface MovedResource {
  /** The resource's name (the last part of its URN). */
  name: string;
  /** Its URN after the move. */
  urn: string;
  fromType: string;
  toType: string;
  fromProvider: string;
  toProvider: string;
}

export interface MigrationPlan {
  target: Target;
  stack: string;
  project: string;
  /** Set when there is nothing to move: why (the deployment is then returned unchanged). */
  nothing?: string;
  moved: MovedResource[];
  /** Other resources whose URN changes because an ancestor's type does (children of moved resources). */
  renamed: { from: string; to: string }[];
  /** The target path's default provider: its URN and whether the migration adds it or it was there. */
  provider?: { urn: string; added: boolean };
  /** Providers of the source path that nothing uses any more: removed. */
  providersRemoved: string[];
  /** Providers of the source path still used by other resources: kept, with the URNs of those users. */
  providersKept: { urn: string; users: string[] }[];
  /** pulumi-cim resources already on the target path, left as they are. */
  alreadyThere: number;
  /** The checkpoint to import. */
  deployment: ExportedStack;
}

export interface NativeOptions {
  /** The plugin's version: the default provider is named after it, as the engine names it. */
  version: string;
  newId?: () => string;
}

export interface DynamicOptions {
  /** The `__provider` text of a kind (sdk/dynamic.ts serializedProvider). */
  providerText: (kind: string) => string;
  newId?: () => string;
}

/** What differs between the two directions; the walk over the checkpoint is shared. */
interface Direction {
  target: Target;
  fromPrefix: string;
  toPrefix: string;
  /** The target's default provider: type, name and its only inputs (and outputs). */
  provider: { type: string; name: string; inputs: Record<string, unknown> };
  /** Why a resource of the source path cannot move, given its provider's URN; undefined when it can. */
  providerProblem(providerUrn: ParsedUrn | undefined): string | undefined;
  /** Inputs or outputs on the target path. */
  props(kind: string, props: Record<string, unknown> | undefined): Record<string, unknown> | undefined;
  /** Outputs on the target path, given the resource's inputs. */
  outputs(
    kind: string,
    outputs: Record<string, unknown> | undefined,
    inputs: Record<string, unknown> | undefined,
  ): Record<string, unknown> | undefined;
  propertyDependencies(deps: Record<string, string[]> | undefined): Record<string, string[]> | undefined;
}

/** The checkpoint with the stack's dynamic pulumi-cim resources moved to the native plugin. */
export function toNative(exported: ExportedStack, opts: NativeOptions): MigrationPlan {
  return migrate(
    exported,
    {
      target: "native",
      fromPrefix: DYNAMIC_PREFIX,
      toPrefix: NATIVE_PREFIX,
      provider: {
        type: NATIVE_PROVIDER_TYPE,
        name: defaultProviderName(opts.version),
        inputs: { version: opts.version },
      },
      providerProblem: (p) =>
        p?.qualifiedType === DYNAMIC_PROVIDER_TYPE
          ? undefined
          : `its provider is ${p ? `${p.qualifiedType}::${p.name}` : "missing"}, not Pulumi's dynamic-provider host (${DYNAMIC_PROVIDER_TYPE})`,
      props: (_kind, props) => without(props, PROVIDER_KEY),
      // the plugin reads which optional inputs were given from the inputs themselves
      outputs: (_kind, outputs) => without(without(outputs, PROVIDER_KEY), GIVEN),
      propertyDependencies: (deps) => without(deps, PROVIDER_KEY),
    },
    opts.newId ?? randomUUID,
  );
}

/** The checkpoint with the stack's native pulumi-cim resources moved back to the dynamic path. */
export function toDynamic(exported: ExportedStack, opts: DynamicOptions): MigrationPlan {
  return migrate(
    exported,
    {
      target: "dynamic",
      fromPrefix: NATIVE_PREFIX,
      toPrefix: DYNAMIC_PREFIX,
      // the host's default provider, as the engine names it: Pulumi registers dynamic resources without a version
      provider: { type: DYNAMIC_PROVIDER_TYPE, name: "default", inputs: {} },
      providerProblem: (p) => {
        if (p?.qualifiedType !== NATIVE_PROVIDER_TYPE) {
          return `its provider is ${p ? `${p.qualifiedType}::${p.name}` : "missing"}, not ${NATIVE_PROVIDER_TYPE}`;
        }
        if (!p.name.startsWith("default")) {
          return `it uses the explicit provider "${p.name}" (a cim.Provider); the dynamic path has one provider configured by the stack's cim:* config: take the provider option out, give the resource that provider's region as its region input (and the stack its address and token as cim:* config, where they differ), run pulumi up, then migrate`;
        }
        return undefined;
      },
      props: (kind, props) => (props ? { ...props, [PROVIDER_KEY]: opts.providerText(kind) } : props),
      // the dynamic-provider host gives read the old outputs alone: they name the inputs the program gave (every
      // input present: a required or secret one among them changes nothing in what a refresh derives)
      outputs: (kind, outputs, inputs) =>
        outputs
          ? {
              [GIVEN]: Object.keys(inputs ?? {})
                .filter((k) => !k.startsWith("__"))
                .join(","),
              ...outputs,
              [PROVIDER_KEY]: opts.providerText(kind),
            }
          : outputs,
      propertyDependencies: (deps) => (deps ? { ...deps, [PROVIDER_KEY]: [] } : deps),
    },
    opts.newId ?? randomUUID,
  );
}

const isCim = (type: string) => type.startsWith(DYNAMIC_PREFIX) || type.startsWith(NATIVE_PREFIX);

function migrate(exported: ExportedStack, d: Direction, newId: () => string): MigrationPlan {
  if (exported?.version !== 3 || typeof exported.deployment !== "object" || !exported.deployment) {
    throw new MigrationRefused(
      `the stack export is deployment version ${exported?.version ?? "(none)"}; pulumi-cim migrate reads version 3 (Pulumi 3's \`pulumi stack export\`)`,
    );
  }
  const dep = exported.deployment;
  const resources = dep.resources ?? [];
  const pending = dep.pending_operations ?? [];
  const where = parseUrn(resources[0]?.urn ?? "");
  const plan: MigrationPlan = {
    target: d.target,
    stack: where?.stack ?? "",
    project: where?.project ?? "",
    moved: [],
    renamed: [],
    providersRemoved: [],
    providersKept: [],
    alreadyThere: resources.filter((r) => r.type.startsWith(d.toPrefix)).length,
    deployment: exported,
  };

  // An operation the engine started and never finished is a resource whose state is not known: moving it
  // would hand the other path a record it cannot reconcile.
  const stuck = pending.filter((op) => isCim(op.resource?.type ?? ""));
  if (stuck.length) {
    throw new MigrationRefused(
      [
        `stack ${plan.stack} has ${stuck.length} pending operation(s) on pulumi-cim resources (an update was interrupted):`,
        ...stuck.map((op) => `  ${op.type} ${op.resource.type} "${parseUrn(op.resource.urn)?.name}"`),
        "Resolve them first: `pulumi-cim recover` for pending creates, `pulumi refresh` for the others, then migrate.",
      ].join("\n"),
    );
  }

  const moving = resources.filter((r) => r.type.startsWith(d.fromPrefix));
  if (!moving.length) {
    plan.nothing = plan.alreadyThere
      ? `stack ${plan.stack}: its ${plan.alreadyThere} pulumi-cim resource(s) are already on the ${d.target} path; nothing to do.`
      : `stack ${plan.stack || "(empty)"} has no pulumi-cim resources; nothing to do.`;
    return plan;
  }
  if (!where)
    throw new MigrationRefused(`the stack export has a resource without a valid URN: ${resources[0]?.urn}`);

  const problems = moving.flatMap((r) => {
    const why = d.providerProblem(parseUrn(parseProviderRef(r.provider ?? "")?.urn ?? ""));
    return why ? [`  ${r.type} "${parseUrn(r.urn)?.name}": ${why}`] : [];
  });
  if (problems.length) {
    throw new MigrationRefused(
      [`${problems.length} resource(s) cannot move to the ${d.target} path:`, ...problems].join("\n"),
    );
  }

  const mapType = (t: string) => (t.startsWith(d.fromPrefix) ? d.toPrefix + t.slice(d.fromPrefix.length) : t);
  const rename = (urn: string) => renameTypes(urn, mapType);

  // A renamed URN must not be one another resource keeps (e.g. from an earlier migration done by hand).
  const clashes = [
    ...new Set(
      resources
        .map((r) => rename(r.urn))
        .filter(
          (u, i) => u !== resources[i].urn && resources.some((o) => o.urn === u && rename(o.urn) === o.urn),
        ),
    ),
  ];
  if (clashes.length) {
    throw new MigrationRefused(
      [
        "the stack already has resource(s) with the URN(s) the migration would give:",
        ...clashes.map((u) => `  ${u}`),
      ].join("\n"),
    );
  }

  const providerUrn = formatUrn({ ...where, qualifiedType: d.provider.type, name: d.provider.name });
  const existing = resources.find((r) => r.urn === providerUrn && r.type === d.provider.type && !r.delete);
  const provider: StateResource = existing ?? {
    urn: providerUrn,
    custom: true,
    id: newId(),
    type: d.provider.type,
    inputs: { ...d.provider.inputs },
    outputs: { ...d.provider.inputs },
  };
  const providerRef = `${providerUrn}::${provider.id}`;
  plan.provider = { urn: providerUrn, added: !existing };

  const sourceProviders = new Set<string>();
  const convert = (r: StateResource): StateResource => {
    if (!r.type.startsWith(d.fromPrefix)) return renameReferences(r, rename);
    const kind = r.type.slice(d.fromPrefix.length);
    const from = parseProviderRef(r.provider ?? "");
    if (from) sourceProviders.add(from.urn);
    const next = renameReferences(
      defined({
        ...r,
        type: d.toPrefix + kind,
        inputs: d.props(kind, r.inputs),
        outputs: d.outputs(kind, r.outputs, r.inputs),
        propertyDependencies: d.propertyDependencies(r.propertyDependencies),
      }),
      rename,
    );
    next.provider = providerRef;
    plan.moved.push({
      name: parseUrn(r.urn)?.name ?? r.urn,
      urn: next.urn,
      fromType: r.type,
      toType: next.type,
      fromProvider: from?.urn ?? "",
      toProvider: providerUrn,
    });
    return next;
  };
  let out = resources.map(convert);
  const outPending: PendingOperation[] = pending.map((op) => ({
    ...op,
    resource: renameReferences(op.resource, rename),
  }));
  for (const r of resources) {
    if (!r.type.startsWith(d.fromPrefix) && rename(r.urn) !== r.urn)
      plan.renamed.push({ from: r.urn, to: rename(r.urn) });
  }

  // The source path's providers: gone once nothing names them (a provider, parent or dependency reference).
  const everyone = [...out, ...outPending.map((op) => op.resource)];
  for (const urn of sourceProviders) {
    const users = everyone.filter((r) => r.urn !== urn && referencesOf(r).includes(urn)).map((r) => r.urn);
    if (users.length) plan.providersKept.push({ urn, users });
    else {
      out = out.filter((r) => r.urn !== urn);
      plan.providersRemoved.push(urn);
    }
  }
  // State lists a provider before the resources it serves (the engine checks that order on import).
  const first = out.findIndex((r) => r.provider === providerRef);
  const at = out.findIndex((r) => r.urn === providerUrn && r.type === d.provider.type && !r.delete);
  if (at < 0) out.splice(first, 0, provider);
  else if (at > first) out.splice(first, 0, ...out.splice(at, 1));

  plan.deployment = {
    ...exported,
    deployment: {
      ...dep,
      resources: out,
      ...(dep.pending_operations ? { pending_operations: outPending } : {}),
    },
  };
  return plan;
}

/** The resource without keys whose value is undefined (JSON would drop them anyway; tests compare objects). */
function defined(r: StateResource): StateResource {
  return Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as StateResource;
}
