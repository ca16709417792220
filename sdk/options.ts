// Resource options on the dynamic path. Pulumi's engine gives a dynamic provider neither `customTimeouts` nor a
// way to apply `replaceOnChanges` (it applies it to the fields a provider's diff names, and a dynamic provider's
// diff can name none), and it imports a dynamic resource by reading it without its provider, which fails in
// Pulumi's own code. The class sees its options, so it honours what it can through inputs: `customTimeouts`
// becomes the `timeouts` input, `replaceOnChanges` a hidden input the provider's diff applies, and `import` the
// `adoptId` input of the kinds that adopt. What it cannot honour it says at preview, on the resource. (The classes
// of `pulumi-cim/native` skip all of this: the engine gives a provider plugin every option.)

import * as pulumi from "@pulumi/pulumi";
import { type Kind, REPLACE_ON_CHANGES } from "../provider/kinds/define";
import { parseDuration } from "../provider/lifecycle/timeouts";

export interface Honoured {
  /** The options to register with (`import` taken out when it became `adoptId`). */
  opts: pulumi.CustomResourceOptions | undefined;
  /** What the class cannot honour, to warn about once the resource exists. */
  warnings: string[];
}

const OPERATIONS = ["create", "update", "delete"] as const;

/**
 * The customTimeouts values of `ops` that pulumi-cim reads as durations, each as given and in milliseconds; a
 * value it cannot read is a warning (the operation then waits the default time).
 */
function durations<Op extends keyof pulumi.CustomTimeouts>(
  given: pulumi.CustomTimeouts | undefined,
  ops: readonly Op[],
  warnings: string[],
): [Op, string, number][] {
  const out: [Op, string, number][] = [];
  for (const op of ops) {
    const v = given?.[op];
    if (v === undefined || v === "") continue;
    const ms = parseDuration(v);
    if (ms !== undefined) out.push([op, v, ms]);
    else
      warnings.push(
        `customTimeouts.${op} ${JSON.stringify(v)} is not a duration pulumi-cim takes ("90s", "10m", "1h30m", "500ms"): the ${op} waits the default time.`,
      );
  }
  return out;
}

/**
 * customTimeouts as the engine is given them on the native path: each value pulumi-cim reads as a duration, in
 * milliseconds (the engine reads only Go's duration text and fails the whole program on any other, a bare
 * number of milliseconds too); a value it cannot read is left out, with a warning, as on the dynamic path.
 */
export function engineTimeouts(
  given: pulumi.CustomTimeouts | undefined,
  warnings: string[],
): pulumi.CustomTimeouts | undefined {
  if (!given) return given;
  const read = durations(given, [...OPERATIONS, "read"], warnings);
  return Object.fromEntries(read.map(([op, , ms]) => [op, `${ms}ms`]));
}

/**
 * Applies `opts` to `props` (the inputs to register, `given` the program's args) and returns the options to
 * register with. Throws when an option cannot work and going on would do something else than asked.
 */
export function honourOptions(
  kind: Kind,
  name: string,
  given: Record<string, unknown>,
  props: Record<string, unknown>,
  opts: pulumi.CustomResourceOptions | undefined,
): Honoured {
  const warnings: string[] = [];
  if (!opts) return { opts, warnings };
  let out = opts;
  const label = `cim:${kind.name} "${name}"`;

  // Every dynamic resource goes to the one dynamic-provider host, configured by the stack; the engine would hand
  // this resource to the given provider, which does not serve the dynamic path's resources. Dropping the option
  // instead would deploy with another API address, token or region than the program asked for.
  if (opts.provider !== undefined) {
    throw new Error(
      `${label}: the provider option needs the native provider plugin: explicit providers exist only for the classes of "pulumi-cim/native" (cim.Provider); those of "pulumi-cim" all use the stack's cim:* config and CIM_* variables. For another region alone, give the resource's region input.`,
    );
  }

  const timeouts: Record<string, string | number> = {};
  for (const [op, v] of durations(opts.customTimeouts, OPERATIONS, warnings)) timeouts[op] = v;
  if (opts.customTimeouts?.read) {
    warnings.push(
      `customTimeouts.read is ignored: a read waits on no job; each of its requests is bounded by cim:requestTimeout and cim:maxRetries.`,
    );
  }
  if (Object.keys(timeouts).length) {
    if (!("timeouts" in kind.fields)) {
      warnings.push(`customTimeouts are ignored: ${label} takes no timeouts.`);
    } else {
      // the `timeouts` input wins, operation by operation, over what customTimeouts says
      props.timeouts =
        given.timeouts === undefined
          ? timeouts
          : pulumi.output(given.timeouts).apply((t) => ({ ...timeouts, ...defined(t) }));
    }
  }

  const paths = opts.replaceOnChanges ?? [];
  if (paths.length) {
    const unknown = paths.filter((p) => p !== "*" && !(fieldOf(p) in kind.fields));
    if (unknown.length) {
      warnings.push(
        `replaceOnChanges ${unknown.map((p) => JSON.stringify(p)).join(", ")} names no input of ${label}: ignored. Its inputs: ${Object.keys(kind.fields).join(", ")}.`,
      );
    }
    const known = paths.filter((p) => !unknown.includes(p));
    if (known.length) props[REPLACE_ON_CHANGES] = known;
  }

  if (opts.import !== undefined) {
    if (!("adoptId" in kind.fields)) {
      throw new Error(
        `${label}: the import option does not work for pulumi-cim's resources (Pulumi reads an imported dynamic resource without its provider), and cim:${kind.name} cannot adopt an existing resource either. Create it with pulumi-cim instead.`,
      );
    }
    if (given.adoptId === undefined) props.adoptId = opts.import;
    out = { ...opts, import: undefined };
    warnings.push(
      `the import option is taken as adoptId: ${JSON.stringify(opts.import)} (Pulumi cannot import a dynamic resource; adoption reads it, checks the fields that cannot change in place, applies the others and records it without creating anything; once the resource is in the stack the option changes nothing, so remove it after that up, as after any import).`,
    );
  }

  for (const o of ["version", "pluginDownloadURL"] as const) {
    if (opts[o] !== undefined)
      warnings.push(`${o} is ignored: pulumi-cim's resources are served by the program's own package.`);
  }
  // What became inputs or warnings goes no further: the engine would refuse a customTimeouts text it cannot
  // parse (failing the whole program), and look for a `pulumi-nodejs` plugin of the given version.
  if (opts.customTimeouts || opts.version !== undefined || opts.pluginDownloadURL !== undefined)
    out = { ...out, customTimeouts: undefined, version: undefined, pluginDownloadURL: undefined };
  return { opts: out, warnings };
}

/** The input field a property path starts with: `tags.env` → tags, `memberIds[0]` → memberIds. */
function fieldOf(path: string): string {
  return /^[^.[]+/.exec(path)?.[0] ?? path;
}

function defined(v: unknown): Record<string, unknown> {
  if (!v || typeof v !== "object") return {};
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== null));
}
