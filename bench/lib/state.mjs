// What one resource of a kind keeps in a stack's state, read from an exported deployment: as padding for Probes
// (tests/fixtures/probe.cjs) that keep as much in state at no API cost, and as the figure itself (the engine
// writes every resource's state into each checkpoint, so its size is what large stacks pay per step).

/**
 * One resource of the kind (`instance`, `volume`, `probe`; the first in the state, or the one named `name`): how
 * many outputs it keeps and the characters of its inputs and outputs (`outputs`, `chars`, the serialized
 * provider left out), how many inputs it has and their characters alone (`inputs`, `inputChars`, likewise), the
 * characters of its whole state entry, and of its serialized provider (kept once in the inputs and once in the
 * outputs).
 */
export function stateShape(deployment, kind, name) {
  const Kind = `${kind[0].toUpperCase()}${kind.slice(1)}`;
  const type = `cim:${Kind}`;
  // `pulumi-nodejs:dynamic/cim:<Kind>` on the dynamic path (the Probes' too), `cim:index:<Kind>` on the plugin's
  const res = deployment.deployment.resources.find(
    (r) =>
      (r.type.endsWith(type) || r.type === `cim:index:${Kind}`) &&
      (name === undefined || r.urn.endsWith(`::${name}`)),
  );
  if (!res) throw new Error(`no ${type}${name ? ` named ${name}` : ""} in the exported state`);
  const { __provider: _, ...outputs } = res.outputs;
  const { __provider: _p, ...inputs } = res.inputs;
  return {
    outputs: Object.keys(outputs).length,
    chars: JSON.stringify(outputs).length + JSON.stringify(inputs).length,
    inputs: Object.keys(inputs).length,
    inputChars: JSON.stringify(inputs).length,
    stateChars: JSON.stringify(res).length,
    providerChars: String(res.inputs.__provider ?? "").length,
    traceChars: JSON.stringify(res.sourcePosition ?? "").length + JSON.stringify(res.stackTrace ?? []).length,
  };
}

/**
 * What a Probe registered as pulumi-cim's classes are (`padding.providerChars`, tests/fixtures/probe.cjs) keeps
 * besides its inputs and outputs when it stands for `shape`: a plain Probe's entry (`probe`) less its inputs and
 * outputs, with `shape`'s serialized provider (twice) and stack instead of the plain Probe's.
 */
function shortProbeOverhead(shape, probe) {
  const own = probe.stateChars - probe.chars;
  return own - 2 * probe.providerChars - probe.traceChars + 2 * shape.providerChars + shape.traceChars;
}

/**
 * The Probe `padding` ({outputs, chars, providerChars}) that makes a Probe keep as many outputs as `shape` and
 * about as many characters in its whole state entry, with a serialized provider as long as `shape`'s: the
 * characters of its inputs and outputs are the rest of `shape`'s entry (shortProbeOverhead). Within 1 %: the
 * bench reports both entries.
 */
export function paddingFor(shape, probe) {
  return {
    outputs: shape.outputs,
    chars: Math.max(0, shape.stateChars - shortProbeOverhead(shape, probe)),
    providerChars: shape.providerChars,
  };
}

/**
 * The Probe `padding` that makes a Probe keep the least a resource of pulumi-cim with `shape`'s inputs can keep:
 * what pulumi-cim keeps besides inputs and outputs (its serialized provider, twice, its stack…), those inputs,
 * and the same again as outputs, since a dynamic provider's diff is given the old outputs alone (so a provider
 * that keeps nothing of its own still echoes its inputs). Outputs: the Probe's own five and at least one pad
 * that carries the rest.
 */
export function inputsOnlyPaddingFor(shape) {
  return {
    outputs: Math.max(6, shape.inputs),
    chars: 2 * shape.inputChars,
    providerChars: shape.providerChars,
  };
}
