// The SDK class of a kind, made from its declaration (provider/kinds/): its Args are the inputs the provider's
// check takes (each wrapped in pulumi.Input), its outputs are the provider's outputs, so the two cannot drift.
// Field documentation written on the declaration shows on Args and outputs in editors. One factory makes the
// classes of both paths (`pulumi-cim`: dynamic resources; `pulumi-cim/native`: the pulumi-resource-cim plugin's):
// they differ only in how they register (see `registration`).

import { randomUUID } from "node:crypto";
import * as pulumi from "@pulumi/pulumi";
import { notASetting } from "../provider/config";
import {
  absentOutputs,
  defaultValue,
  type Kind,
  NAME_DEFAULTED,
  nativeTypeToken,
  outputNames,
  PLAIN_REFERENCES,
  PLANNED_REFERENCES,
  type Recorded,
  refOf,
  type StateDefault,
  secretInputs,
  secretOutputs,
  stateDefaults,
  typeToken,
} from "../provider/kinds/define";
import { mayBeAbsentOutputs } from "../provider/kinds/outputSchema";
import { withSecretOutputs } from "./common";
import { serializedProvider } from "./dynamic";
import { engineTimeouts, type Honoured, honourOptions } from "./options";
import { packageVersion } from "./version";

type Types<K extends Kind> = NonNullable<K["__types"]>;

/** A program's value for an input of type T: the value or an Output of it, at every level. */
export type InputOf<T> = [T] extends [readonly (infer E)[]]
  ? pulumi.Input<InputOf<E>[]>
  : [T] extends [Record<string, unknown>]
    ? pulumi.Input<{ [P in keyof T]: InputOf<T[P]> }>
    : pulumi.Input<T>;

/** The arguments of a kind's SDK class. */
export type ArgsOf<K extends Kind> = {
  readonly [P in keyof Types<K>["raw"]]: InputOf<Exclude<Types<K>["raw"][P], undefined>>;
};

/** The outputs of a kind, as the provider returns them. */
export type OutputsOfKind<K extends Kind> = Types<K>["outputs"];

/** An instance of a kind's SDK class: a custom resource with one Output per provider output. */
export type KindResource<K extends Kind> = pulumi.CustomResource & {
  readonly [P in keyof OutputsOfKind<K>]-?: pulumi.Output<OutputsOfKind<K>[P]>;
};

export interface KindClass<K extends Kind> {
  new (name: string, args: ArgsOf<K>, opts?: pulumi.CustomResourceOptions): KindResource<K>;
  /**
   * The type token in state and in `pulumi preview`: `pulumi-nodejs:dynamic/cim:<Kind>` (`pulumi-cim`), or
   * `cim:index:<Kind>` (`pulumi-cim/native`).
   */
  readonly __pulumiType: string;
  /** Whether `obj` is a resource of this kind (also across copies of the package). */
  isInstance(obj: unknown): obj is KindResource<K>;
  /**
   * The existing resource `id`, read (not managed: no update or delete ever touches it) into a resource of this
   * stack named `name`; its outputs are the live values, refreshed at every run. `opts.provider` reads it in that
   * provider's region (`pulumi-cim/native`).
   */
  get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): KindResource<K>;
}

/**
 * How a class reaches its provider: `dynamic`, Pulumi's dynamic-provider host loading the serialized provider each
 * resource carries; `native`, the `pulumi-resource-cim` plugin (package `cim`).
 */
export type RegistrationPath = "dynamic" | "native";

interface Registration {
  type: string;
  /** Applies the resource options the path handles itself to the inputs; returns the options to register with. */
  options(
    name: string,
    given: Record<string, unknown>,
    props: Record<string, unknown>,
    opts: pulumi.CustomResourceOptions | undefined,
  ): Honoured;
  /** Inputs every resource of the path carries. */
  hidden: Record<string, unknown>;
  /** The kind's outputs the class asks the engine to keep secret (`additionalSecretOutputs`), where it has them. */
  secretOutputs: readonly string[];
}

/**
 * The stack's `cim:*` config keys that are no setting, said once a program (the plugin refuses them at its check;
 * the dynamic path's provider reads only the settings, so a misspelt `cim:baseURL` would fall back to CIM_*).
 */
let settingsChecked: string | undefined;
function checkStackSettings(): void {
  const keys = Object.keys(pulumi.runtime.allConfig())
    .map((k) => /^cim:(?:config:)?(\w+)$/.exec(k)?.[1])
    .filter((k): k is string => k !== undefined);
  // the same keys as the last program checked (each run of an Automation API process has its own config)
  const seen = keys.join(",");
  if (seen === settingsChecked) return;
  const wrong = keys.flatMap((key) => notASetting(key) ?? []);
  if (wrong.length) throw new pulumi.RunError(`${wrong.join(". ")}.`);
  settingsChecked = seen;
}

function registration(kind: Kind, path: RegistrationPath): Registration {
  if (path === "native") {
    // The engine itself honours customTimeouts, replaceOnChanges and import for a provider plugin (customTimeouts
    // in a text it can parse, sdk/options.ts). The version makes it run the plugin of this package, not whichever
    // cim plugin it finds first.
    return {
      type: nativeTypeToken(kind),
      options: (_name, _given, _props, opts) => {
        const warnings: string[] = [];
        const customTimeouts = engineTimeouts(opts?.customTimeouts, warnings);
        return { opts: { ...opts, customTimeouts, version: opts?.version ?? packageVersion() }, warnings };
      },
      hidden: {},
      secretOutputs: [],
    };
  }
  // The dynamic-provider host cannot mark outputs secret, so the class asks the engine to keep the kind's secret
  // outputs secret (`additionalSecretOutputs`); the plugin marks them itself in every answer, as its schema
  // declares them, so native resources do not carry the list in state.
  return {
    type: typeToken(kind),
    // customTimeouts, replaceOnChanges and import become inputs (sdk/options.ts)
    options: (name, given, props, opts) => honourOptions(kind, name, given, props, opts),
    hidden: { __provider: serializedProvider(kind.name) },
    secretOutputs: secretOutputs(kind),
  };
}

/** The SDK class of a kind, registering its resources on the given path. */
export function resourceClass<K extends Kind>(kind: K, path: RegistrationPath = "dynamic"): KindClass<K> {
  const { type, options, hidden, secretOutputs: secretOuts } = registration(kind, path);
  const inputs = Object.keys(kind.fields);
  const secrets = new Set(secretInputs(kind));
  const outputOnly = outputNames(kind).filter((k) => !inputs.includes(k));
  const checkedRefs = Object.keys(kind.fields).filter((k) => refOf(kind.fields[k])?.mustExist);
  const idRefs = Object.entries(kind.fields).flatMap(([k, f]) => {
    const ref = refOf(f);
    return ref && ref.by !== "name" ? [[k, ref.kind] as const] : [];
  });
  // an id whose kind another input says is traced to a resource of any kind: check judges the kind (TypedRef)
  const traced = [
    ...idRefs,
    ...Object.entries(kind.fields).flatMap(([k, f]) => (f.typedRef ? [[k, undefined] as const] : [])),
  ];
  // the outputs state may hold as a null: those kept at their default, and those a resource may lack
  const defaults = new Map(stateDefaults(kind));
  const stored: [string, StateDefault | undefined][] = [
    ...defaults,
    ...mayBeAbsentOutputs(kind)
      .filter((k) => !defaults.has(k))
      .map((k) => [k, undefined] as [string, undefined]),
  ];

  // On the dynamic path, a dynamic resource registered as pulumi.dynamic.Resource would register it (its type
  // token, the serialized provider under `__provider`) but with the provider's text written here (sdk/dynamic.ts)
  // rather than by Pulumi's closure serializer: a sixth of an instance's state, in every checkpoint. Extending
  // CustomResource directly also makes Pulumi's source position the program's line that declared the resource.
  class KindResourceClass extends pulumi.CustomResource {
    static readonly __pulumiType = type;

    constructor(name: string, args: ArgsOf<K>, opts?: pulumi.CustomResourceOptions) {
      if (path === "dynamic") checkStackSettings();
      const given = (args ?? {}) as Record<string, unknown>;
      // Keys that are not inputs (a misspelling in JavaScript) go along too, so check can name them.
      const props: Record<string, unknown> = { ...given };
      for (const k of inputs) {
        const v = given[k];
        props[k] = secrets.has(k) && v !== undefined ? pulumi.secret(v) : v;
      }
      const honoured = options(name, given, props, opts);
      // The dynamic path names a new resource itself (its provider's check has no URN); a read by id (`id`) or an
      // adoption keeps the live name. The plugin names from the URN in its check, for every language alike.
      const newResource = props.adoptId === undefined && opts?.id === undefined;
      if (path === "dynamic" && kind.nameFromResource && given.name === undefined && newResource) {
        props.name = name;
        props[NAME_DEFAULTED] = true;
      }
      // References given as plain text are looked up at check; those taken from outputs are not. The list goes
      // whenever a reference is given, empty too: without it, check looks up every known value (as for YAML).
      const refs = checkedRefs.filter((k) => given[k] !== undefined);
      if (refs.length) props[PLAIN_REFERENCES] = refs.filter((k) => isPlain(given[k]));
      // At preview, an id still unknown names a resource of this program, whose inputs check can judge instead.
      const planned = plannedReferences(given, traced);
      if (planned) props[PLANNED_REFERENCES] = planned;
      // Output-only properties are registered as unknown so the class exposes them.
      for (const k of outputOnly) props[k] = undefined;
      // An output that is only an input left out (an adoption's id on the dynamic path is one given) is absent:
      // not registered, and known as such at preview (absentOutputs)
      const absent = absentOutputs(kind, props);
      for (const k of absent) delete props[k];
      Object.assign(props, hidden);
      // nor asked for secret: the engine keeps whatever it is asked to keep secret as a ciphertext, a null too
      const secret = secretOuts.filter((k) => !absent.includes(k));
      const registered = secret.length ? withSecretOutputs(honoured.opts, secret) : honoured.opts;
      const limit = quietStacks();
      try {
        super(type, name, props, registered);
      } catch (e) {
        throw withCallerStack(e, limit);
      } finally {
        if (limit !== undefined) Error.stackTraceLimit = limit;
      }
      // an adoption through the `import` option (dynamic path) counts as one given in the inputs
      const adopting = props.adoptId !== undefined && given.adoptId === undefined;
      made.set(this, {
        kind: kind.name,
        name,
        given: adopting ? { ...given, adoptId: props.adoptId } : given,
        secrets,
        named: kind.nameFromResource === true,
        idRefs,
      });
      for (const [k, d] of stored) if (!absent.includes(k)) readBackStored(this, k, d);
      for (const k of absent) Object.defineProperty(this, k, { value: absentOutput(), enumerable: true });
      for (const w of honoured.warnings) pulumi.log.warn(w, this);
    }

    static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions) {
      return new KindResourceClass(name, {} as ArgsOf<K>, { ...opts, id });
    }

    static isInstance(obj: unknown): obj is KindResource<K> {
      return pulumi.Resource.isInstance(obj) && (obj as { __pulumiType?: unknown }).__pulumiType === type;
    }
  }
  Object.defineProperty(KindResourceClass, "name", { value: kind.name });
  return KindResourceClass as unknown as KindClass<K>;
}

/** The resources this copy of the SDK made, with what a reference to one unknown at preview tells check of it. */
const made = new WeakMap<
  pulumi.Resource,
  {
    kind: string;
    name: string;
    given: Record<string, unknown>;
    secrets: ReadonlySet<string>;
    named: boolean;
    /** Its inputs that name other resources by id, with the kind each names. */
    idRefs: readonly (readonly [string, string])[];
    /** What tells it from the run's other resources, made when a reference first names it. */
    key?: string;
  }
>();

/**
 * For each id reference given as another resource's output (a list's elements one by one) that comes from one
 * resource of this program of the kind it names (any kind, for a kind not named): a promise of what check is told of
 * that resource when the value is unknown, at preview (PLANNED_REFERENCES, provider/lifecycle/planned.ts). Undefined
 * when no value comes from one.
 */
function plannedReferences(
  given: Record<string, unknown>,
  refs: readonly (readonly [string, string | undefined])[],
): Promise<Recorded | undefined> | undefined {
  const traced: [string, unknown][] = [];
  for (const [k, kindName] of refs) {
    const v = given[k];
    if (Array.isArray(v)) {
      const each = v.map((e) => sourceOf(e, kindName));
      if (each.some((e) => e !== undefined)) traced.push([k, each]);
    } else {
      const one = sourceOf(v, kindName);
      if (one) traced.push([k, one]);
    }
  }
  if (!traced.length) return undefined;
  return (async () => {
    const out: Recorded = {};
    for (const [k, t] of traced) {
      if (Array.isArray(t)) {
        const each = await Promise.all(t.map((e) => (e ? e() : undefined)));
        if (each.some((e) => e !== undefined)) out[k] = each.map((e) => e ?? null);
      } else {
        const one = await (t as () => Promise<Recorded | undefined>)();
        if (one) out[k] = one;
      }
    }
    return Object.keys(out).length ? out : undefined;
  })();
}

type OutputInternals = {
  resources?: () => Set<pulumi.Resource>;
  isKnown?: Promise<boolean>;
  isSecret?: Promise<boolean>;
  promise?: (withUnknowns?: boolean) => Promise<unknown>;
};

/** Marks a value not known (or secret) in `plainValue`: its input is withheld. */
const WITHHELD = Symbol("withheld");

/**
 * A program's value made plain: outputs (and promises) in it resolved to their values, WITHHELD where one is not
 * known yet or is secret. No output is left in it, so what check is told adds no dependency at preview that the
 * `up` would not have.
 */
async function plainValue(v: unknown): Promise<unknown> {
  if (v instanceof Promise) return plainValue(await v);
  if (pulumi.Output.isInstance(v)) {
    const o = v as unknown as OutputInternals;
    if (!o.promise || !(await o.isKnown) || (await o.isSecret)) return WITHHELD;
    return plainValue(await o.promise());
  }
  if (Array.isArray(v)) {
    const items = await Promise.all(v.map(plainValue));
    return items.includes(WITHHELD) ? WITHHELD : items;
  }
  if (v !== null && typeof v === "object") {
    const entries = await Promise.all(
      Object.entries(v).map(async ([k, x]) => [k, await plainValue(x)] as const),
    );
    return entries.some(([, x]) => x === WITHHELD) ? WITHHELD : Object.fromEntries(entries);
  }
  return v;
}

/** The resource this SDK made that an output comes from, when it comes from that one resource alone. */
function soleSource(
  v: unknown,
): { o: OutputInternals; peer: NonNullable<ReturnType<typeof made.get>> } | undefined {
  if (!pulumi.Output.isInstance(v)) return undefined;
  const o = v as unknown as OutputInternals;
  const from = o.resources?.() ?? new Set<pulumi.Resource>();
  if (from.size !== 1 || !(o.isKnown instanceof Promise)) return undefined;
  const [res] = from;
  const peer = made.get(res);
  return peer ? { o, peer } : undefined;
}

/**
 * The resource of kind `kindName` (of any kind made here, when not given) an output comes from, when it comes from
 * that one resource alone (its `id`): a function giving what check is told of it while the output is unknown,
 * undefined once known.
 */
function sourceOf(
  v: unknown,
  kindName: string | undefined,
): (() => Promise<Recorded | undefined>) | undefined {
  const source = soleSource(v);
  if (!source) return undefined;
  const { o, peer } = source;
  if (kindName !== undefined && peer.kind !== kindName) return undefined;
  return async () => {
    if (await o.isKnown) return undefined;
    peer.key ??= randomUUID();
    // plain values only; what is secret or not known yet is named as withheld (given, but not told)
    const inputs: Recorded = {};
    const withheld: string[] = [];
    for (const [k, x] of Object.entries(peer.given)) {
      if (x === undefined) continue;
      const v = peer.secrets.has(k) ? WITHHELD : await plainValue(x);
      if (v === WITHHELD) withheld.push(k);
      else if (v !== undefined) inputs[k] = v;
    }
    if (peer.named && inputs.name === undefined && !withheld.includes("name")) inputs.name = peer.name;
    // the withheld references that name resources of this program: which (a tier's new VPC)
    const refs: Recorded = {};
    for (const [k, refKind] of peer.idRefs) {
      if (!withheld.includes(k) || peer.secrets.has(k)) continue;
      const x = peer.given[k];
      const each = Array.isArray(x) ? await Promise.all(x.map((e) => runRef(e, refKind))) : undefined;
      const traced = each
        ? each.every((e) => e !== undefined)
          ? each
          : undefined
        : await runRef(x, refKind);
      if (traced !== undefined && typeof traced !== "string") refs[k] = traced;
    }
    return {
      kind: peer.kind,
      name: peer.name,
      key: peer.key,
      inputs,
      ...(withheld.length ? { withheld } : {}),
      ...(Object.keys(refs).length ? { refs } : {}),
    };
  };
}

/**
 * What a reference of a resource of the program says of what it names, for check (Planned.refs): an id known, as it
 * is; the resource of kind `kindName` made by this program (not adopted) that an unknown id comes from; else
 * undefined.
 */
async function runRef(v: unknown, kindName: string): Promise<Recorded | string | undefined> {
  if (typeof v === "string") return v;
  const source = soleSource(v);
  if (!source) return undefined;
  const { o, peer } = source;
  if (peer.kind !== kindName || peer.given.adoptId !== undefined) return undefined;
  if (await o.isKnown) {
    const known = await plainValue(v);
    return typeof known === "string" ? known : undefined;
  }
  peer.key ??= randomUUID();
  return { kind: peer.kind, name: peer.name, key: peer.key };
}

let absentValue: pulumi.Output<undefined> | undefined;
/** The output of a property a resource does not have, known: one for all (an Output holds no state of its owner). */
function absentOutput(): pulumi.Output<undefined> {
  absentValue ??= pulumi.output(undefined);
  return absentValue;
}

/**
 * An output state may hold as a null (provider/lifecycle/fields.ts: compactOutputs): one the resource lacks, read
 * back as undefined, or one kept while it has its default `d`, read back as that default, as the provider reads
 * them. Made when the program first reads it: most programs never do.
 */
function readBackStored(res: pulumi.CustomResource, key: string, d: StateDefault | undefined) {
  const fields = res as unknown as Record<string, pulumi.Output<unknown>>;
  const stored = fields[key];
  let shown: pulumi.Output<unknown> | undefined;
  Object.defineProperty(res, key, {
    enumerable: true,
    configurable: true,
    get: () => {
      if (!shown) {
        if (!d) shown = stored.apply((v) => v ?? undefined);
        else {
          // the outputs the default is read from (none for a fixed value)
          const from = "sameAs" in d ? { [d.sameAs]: fields[d.sameAs] } : {};
          shown = pulumi.all([stored, pulumi.all(from)]).apply(([v, outs]) => v ?? defaultValue(d, outs));
        }
      }
      return shown;
    },
  });
}

/**
 * Pulumi's runtime gives each property a resource registers four promises, and each of those promises the
 * formatted stack trace of its creation (`debuggablePromise`), which it prints only when a program run with
 * `PULUMI_DEBUG_PROMISE_LEAKS` leaks promises. An instance registers 45 properties: 184 stack traces, a quarter
 * of the program's CPU (a `--cpu-prof` of `pulumi preview` of 500 instances and 50 volumes: 1.8 of 6.8 s).
 * So while Pulumi registers one of ours, stack traces are empty, unless that variable asks for them. The
 * resource's own source position is unaffected: Pulumi takes it with a limit of its own.
 * Returns the limit to restore, or undefined when nothing was changed.
 */
function quietStacks(): number | undefined {
  if (process.env.PULUMI_DEBUG_PROMISE_LEAKS) return undefined;
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  return limit;
}

/** An error thrown while stack traces were empty gets one, taken here: it names the program's line. */
function withCallerStack(e: unknown, limit: number | undefined): unknown {
  if (limit === undefined || !(e instanceof Error)) return e;
  Error.stackTraceLimit = limit;
  Error.captureStackTrace(e, withCallerStack);
  return e;
}

/** A value written in the program itself: no Output or promise in it (lists and maps looked into). */
function isPlain(v: unknown): boolean {
  if (pulumi.Output.isInstance(v) || v instanceof Promise) return false;
  if (Array.isArray(v)) return v.every(isPlain);
  if (v !== null && typeof v === "object") return Object.values(v).every(isPlain);
  return true;
}
