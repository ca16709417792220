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
  const type = `cim:${kind[0].toUpperCase()}${kind.slice(1)}`;
  const res = deployment.deployment.resources.find(
    (r) => r.type.endsWith(type) && (name === undefined || r.urn.endsWith(`::${name}`)),
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
  };
}

/**
 * The Probe `padding` ({outputs, chars}) that makes a Probe keep as many outputs as `shape` and about as many
 * characters in its whole state entry: a plain Probe's entry (`probe`, its stateShape) less its inputs and
 * outputs is what every Probe keeps besides them (URN, parent, provider reference, stack trace…), so the
 * padding's inputs and outputs are the rest of `shape`'s entry.
 */
export function paddingFor(shape, probe) {
  // A resource whose entry is shorter than a Probe's besides its inputs and outputs (a volume: pulumi-cim's
  // serialized provider is shorter than a Probe's) gets no characters of padding, only its count of outputs:
  // its padded Probes then keep more than it does (the report gives both sizes), which flatters pulumi-cim's
  // ratio to padded Probes.
  return { outputs: shape.outputs, chars: Math.max(0, shape.stateChars - (probe.stateChars - probe.chars)) };
}

/**
 * The Probe `padding` that makes a Probe keep the least a resource of pulumi-cim with `shape`'s inputs can keep:
 * those inputs, and the same again as outputs, since a dynamic provider's diff is given the old outputs alone
 * (so a provider that keeps nothing of its own still echoes its inputs), with `shape`'s serialized provider
 * rather than the Probe's (`probe`'s, written by Pulumi's closure serializer; pulumi-cim writes a shorter one,
 * sdk/dynamic.ts), twice as well. As many characters of inputs and outputs as twice `shape`'s inputs less twice
 * the difference of the two providers; outputs: the Probe's own five and at least one pad that carries them.
 */
export function inputsOnlyPaddingFor(shape, probe) {
  // Where that is fewer characters than a Probe keeps of its own (an instance's inputs, twice, are about what
  // its shorter provider saves), the Probe keeps its own and no more: then it keeps more than the least
  // pulumi-cim could, and the report gives both sizes.
  const providers = 2 * (probe.providerChars - shape.providerChars);
  return { outputs: Math.max(6, shape.inputs), chars: Math.max(0, 2 * shape.inputChars - providers) };
}
