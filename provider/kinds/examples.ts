// The examples' declarations, each spelled once for TypeScript and Pulumi YAML. Each kind's `example`
// (docs/resources/<Kind>.md shows it whole, and tests/docs compiles it) and its `yamlExample` (the native plugin's
// schema, shown under it) declare the shared ones they use first (SETUP below: the catalogue's ids, the VPC, its
// tier, the db instance, …), then the kind's own: `...examples(["zoneId", "vpc"], [resource("Network", …)])`.
// The function pages' examples stand on the shared ones too, and on their own (functionExampleTable.ts).
//
// Most declarations are flat: a resource with a Pulumi name, perhaps a constant, and inputs that are literals, the
// setups' variables (`zoneId`), another declaration's output (`db.id`) or a lookup's id; a lookup's id held in a
// variable; a stack output. Those are written once, as data (`resource`, `lookupVariable`, `exported`), and
// rendered in both languages: TypeScript as a program writes it (`zoneId,` for a variable of the input's name, one
// input a line when the declaration is long), YAML keyed by the TypeScript constant (so `db.id` is `${db.id}`),
// lists and maps in flow style, a text quoted only where a YAML reader needs it (`yamlScalar`), a lookup as
// `fn::invoke`. What is not flat is still written by hand in each language, as a piece `{ ts, yaml }` among the
// declarations or as the kind's own text: a loop over `[1, 2].map` (written out in YAML), a promise chain on a
// variable (`standard.then(…)`), a file read, a list mapped from a loop's resources. A structured form would have
// to model those or forbid them, and each language's example should read as that language is written.
//
// tests/docs/yamlExamples.test.ts holds each YAML example to its TypeScript one (the same resource types and
// lookups) and to the plugin's schema; tests/e2e/yamlExamples.test.ts runs them all. YAML refers to a resource by
// its key (`${main.id}`), to a lookup's answer by its variable (`${zoneId}`).

export const indent = (text: string, n: number) =>
  text
    .split("\n")
    .map((l) => (l ? " ".repeat(n) + l : l))
    .join("\n");

/** The examples' line width, as the repository's formatter's. */
export const WIDTH = 110;

/**
 * A text as a YAML scalar: plain where every YAML reader reads it back as that text, quoted (`JSON.stringify`,
 * which YAML reads) where one would read something else or stumble: a number's shape (`8080`, `1.5`), a time of
 * YAML 1.1's base 60 (`30:02`), a date's (`2027-06-30T00:00:00Z`, and `2026-11`, a year first), a word read as a
 * boolean or null (`yes`, `off`, `null`), a word that starts with one of YAML's marks (`*` of a cron string, `#`,
 * `&`, `-`, quotes, brackets), `: ` or ` #` inside, spaces around it; and in a flow (`[…]`, `{…}`), a comma or
 * bracket.
 */
export function yamlScalar(text: string, flow = false): string {
  const plain =
    text !== "" &&
    text === text.trim() &&
    !/(^|\s)[-?:,[\]{}#&*!|>'"%@`]/.test(text) &&
    !/:(\s|$)|\s#/.test(text) &&
    !(flow && /[,[\]{}]/.test(text)) &&
    !/^(~|null|true|false|y|n|yes|no|on|off)$/i.test(text) &&
    !/^[-+]?(\d[\d_]*\.?[\d_]*|\.\d+)([eE][-+]?\d+)?$|^[-+]?(0x[\da-f]+|0o[0-7]+|\.inf|\.nan)$/i.test(text) &&
    !/^[-+]?\d[\d_]*(:[0-5]?\d)+(\.\d*)?$/.test(text) &&
    !/^\d{4}-\d/.test(text);
  return plain ? text : JSON.stringify(text);
}

/** A plain value of a lookup's argument or a flow entry in YAML: text as `yamlScalar` writes it, others as JSON. */
const yamlPlain = (v: string | number | boolean, flow = true) =>
  typeof v === "string" ? yamlScalar(v, flow) : JSON.stringify(v);

/** A lookup's call in YAML (`fn::invoke` of the plugin's function, e.g. `cim:index:getZone`), keeping `field`. */
export function yamlInvoke(
  fn: string,
  args: Readonly<Record<string, string | number | boolean>>,
  field?: string,
) {
  const entries = Object.entries(args).map(([k, v]) => `${yamlScalar(k, true)}: ${yamlPlain(v)}`);
  return [
    "fn::invoke:",
    `  function: cim:index:${fn}`,
    ...(entries.length ? [`  arguments: { ${entries.join(", ")} }`] : []),
    ...(field ? [`  return: ${field}`] : []),
  ].join("\n");
}

const yamlEntry = (key: string, value: string) => `${key}:\n${indent(value, 2)}`;

/** What one piece of a YAML program adds to each section: entries written at the section's own level. */
export interface YamlParts {
  readonly config?: string;
  readonly variables?: string;
  readonly resources?: string;
  readonly outputs?: string;
}

const SECTIONS = ["config", "variables", "resources", "outputs"] as const;

/** A shared declaration: its TypeScript, and what it adds to a YAML program's sections. */
export interface Shared {
  readonly ts: string;
  readonly yaml: YamlParts;
}

/** Pieces of a YAML program as one piece: each section's entries of every piece, in the order given. */
function merged(parts: readonly YamlParts[]): YamlParts {
  const sections: Record<string, string> = {};
  for (const section of SECTIONS) {
    const entries = parts.map((p) => p[section]?.trim()).filter(Boolean);
    if (entries.length) sections[section] = entries.join("\n");
  }
  return sections;
}

/** Pieces of an example one after the other, as one: their TypeScript, and their YAML sections merged. */
export function together(...pieces: readonly Shared[]): Shared {
  return { ts: pieces.map((p) => p.ts.trim()).join("\n"), yaml: merged(pieces.map((p) => p.yaml)) };
}

// ---------------------------------------------------------------- flat declarations, spelled once for both

/** A value computed elsewhere in the program, as each language writes it (a variable, an output, a lookup's id). */
export class Computed {
  constructor(
    readonly ts: string,
    readonly yaml: string,
  ) {}
}

/** An input with a comment after it: `// …` in TypeScript (one input a line then), `# …` in YAML. */
export class Noted {
  constructor(
    readonly value: Value,
    readonly comment: string,
  ) {}
}

/** An input's value in a flat declaration: a literal (lists and maps of them too), or a computed one. */
export type Value =
  | string
  | number
  | boolean
  | Computed
  | readonly Value[]
  | { readonly [key: string]: Value };
/** A flat declaration's inputs, in the order both languages give them. */
export type Inputs = Readonly<Record<string, Value | Noted>>;

export const noted = (value: Value, comment: string) => new Noted(value, comment);

/** A variable of the setups: `zoneId` in TypeScript (`zoneId,` as an input of its name), `${zoneId}` in YAML. */
export const variable = (name: string) => new Computed(name, `\${${name}}`);

/**
 * The YAML keys of resources not keyed by their TypeScript constant's name: the shared VPC, `const vpc`, is keyed
 * by its Pulumi name, `main`, as every page has shown it. Every other resource is keyed by its constant (given its
 * Pulumi name in `name:` where that differs), so an output reads alike in both languages: `db.id`, `${db.id}`.
 */
const YAML_KEYS: Readonly<Record<string, string>> = { vpc: "main" };
const keyOf = (constant: string) => YAML_KEYS[constant] ?? constant;

/** An output of another declaration, by its constant: `outputOf("db.id")` is `db.id`, in YAML `${db.id}`. */
export function outputOf(path: string): Computed {
  const [constant, ...field] = path.split(".");
  return new Computed(path, `\${${[keyOf(constant), ...field].join(".")}}`);
}

/**
 * What a lookup's `.then` calls its answer: the initial of the record's last word (`getComputeOffering`: `o`,
 * `getKubernetesVersion`: `v`), of its first where the last says little (`getOsType`: `o`).
 */
function answerInitial(fn: string): string {
  const words = fn.replace(/^get/, "").match(/[A-Z][a-z]*/g) ?? [fn];
  const last = words[words.length - 1];
  return (last === "Type" ? words[0] : last)[0].toLowerCase();
}

/**
 * The id of a record a lookup finds: `cim.getVpcOffering("Default VPC").then((o) => o.id)`, the `fn::invoke` of
 * the plugin's function in YAML. One argument is given bare in TypeScript (the lookup's shorthand: a name, a
 * version), several as an object.
 */
export function lookupId(fn: string, args: Readonly<Record<string, string | number | boolean>>): Computed {
  const values = Object.values(args);
  const query = values.length === 1 ? JSON.stringify(values[0]) : tsValue(args);
  const a = answerInitial(fn);
  return new Computed(`cim.${fn}(${query}).then((${a}) => ${a}.id)`, yamlInvoke(fn, args, "id"));
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function tsValue(v: Value): string {
  if (v instanceof Computed) return v.ts;
  if (Array.isArray(v)) return `[${v.map(tsValue).join(", ")}]`;
  if (typeof v === "object") {
    const entries = Object.entries(v as Record<string, Value>);
    return entries.length ? `{ ${entries.map(tsEntry).join(", ")} }` : "{}";
  }
  return JSON.stringify(v);
}

/** `key: value`, or the key alone where the value is a variable of that name (`zoneId`). */
function tsEntry([key, v]: [string, Value]): string {
  if (v instanceof Computed && v.ts === key) return key;
  return `${IDENTIFIER.test(key) ? key : JSON.stringify(key)}: ${tsValue(v)}`;
}

/** A value in YAML: lists and maps in flow style (`[a, b]`, `{ k: v }`), a computed one as it writes itself. */
function yamlValue(v: Value, flow: boolean): string {
  if (v instanceof Computed) {
    if (v.yaml.includes("\n") && flow) throw new Error(`a value over several lines in a flow: ${v.ts}`);
    return v.yaml.includes("\n") ? v.yaml : yamlScalar(v.yaml, flow);
  }
  if (Array.isArray(v)) return `[${v.map((x) => yamlValue(x, true)).join(", ")}]`;
  if (typeof v === "object") {
    const entries = Object.entries(v as Record<string, Value>);
    const text = entries.map(([k, x]) => `${yamlScalar(k, true)}: ${yamlValue(x, true)}`);
    return text.length ? `{ ${text.join(", ")} }` : "{}";
  }
  return yamlPlain(v as string | number | boolean, flow);
}

const split = (v: Value | Noted) => (v instanceof Noted ? v : { value: v, comment: undefined });

/** Inputs as the lines of a TypeScript object written one a line (`key: value,`), and of YAML properties. */
function inputLines(inputs: Inputs): { ts: string[]; yaml: string[] } {
  const entries = Object.entries(inputs).map(([key, v]) => ({ key, ...split(v) }));
  return {
    ts: entries.map(
      ({ key, value, comment }) => `${tsEntry([key, value])},${comment ? ` // ${comment}` : ""}`,
    ),
    yaml: entries.map(({ key, value, comment }) => {
      const text = yamlValue(value, false);
      if (text.includes("\n")) return `${key}:\n${indent(text, 2)}`;
      return `${key}: ${text}${comment ? ` # ${comment}` : ""}`;
    }),
  };
}

/**
 * The longest TypeScript declaration written on one line. Wider than the formatter's width (WIDTH): the pages have
 * always shown the shared volume `data` (115 characters) on one line, and a declaration read on one line is the
 * form tests/docs/yamlExamples.test.ts compares across pages.
 */
const ONE_LINE = 120;

/**
 * A flat resource declaration in both languages: `new cim.<kind>("<name>", { … })`, held in the constant `as`
 * when given, on one line when it fits (`ONE_LINE`) and no input has a comment, else one input a line. In YAML
 * keyed by the constant (`name:` its Pulumi name where that differs), else by its Pulumi name. `comment` stands
 * above it in both.
 */
export function resource(
  kind: string,
  name: string,
  inputs: Inputs,
  { as, comment }: { as?: string; comment?: string } = {},
): Shared {
  const entries = Object.entries(inputs).map(([k, v]) => [k, split(v).value] as [string, Value]);
  const head = `${as ? `const ${as} = ` : ""}new cim.${kind}(${JSON.stringify(name)}, `;
  const flat = `${head}${entries.length ? `{ ${entries.map(tsEntry).join(", ")} }` : "{}"});`;
  const lines = inputLines(inputs);
  const noComments = Object.values(inputs).every((v) => !(v instanceof Noted));
  const ts =
    flat.length <= ONE_LINE && noComments ? flat : `${head}{\n${indent(lines.ts.join("\n"), 2)}\n});`;
  const key = as ? keyOf(as) : name;
  const yaml = [
    `${key}:`,
    `  type: cim:index:${kind}`,
    ...(key === name ? [] : [`  name: ${yamlScalar(name)}`]),
    ...(entries.length ? ["  properties:", indent(lines.yaml.join("\n"), 4)] : []),
  ].join("\n");
  const above = (mark: string) => (comment ? `${mark} ${comment}\n` : "");
  return { ts: `${above("//")}${ts}`, yaml: { resources: `${above("#")}${yaml}` } };
}

/** A lookup's id held in a variable: `const zoneId = cim.getZone("de-fra-1a").then((z) => z.id);`, in YAML too. */
export function lookupVariable(
  name: string,
  fn: string,
  args: Readonly<Record<string, string | number | boolean>>,
): Shared {
  const id = lookupId(fn, args);
  return { ts: `const ${name} = ${id.ts};`, yaml: { variables: yamlEntry(name, id.yaml) } };
}

/** A stack output, an output of a declaration: `export const <name> = <path>;`, `<name>: ${…}` in YAML. */
export function exported(name: string, path: string, comment?: string): Shared {
  return {
    ts: `export const ${name} = ${path};${comment ? ` // ${comment}` : ""}`,
    yaml: { outputs: `${name}: ${outputOf(path).yaml}${comment ? ` # ${comment}` : ""}` },
  };
}

/** The setups' variables an input list takes by their names (`zoneId,`): `{ ...variables("zoneId"), size: 50 }`. */
export const variables = (...names: string[]): Record<string, Computed> =>
  Object.fromEntries(names.map((n) => [n, variable(n)]));

/** An instance of the shared template and compute offering, with `more` inputs after theirs. */
export const templateInstance = (
  name: string,
  more: Inputs = {},
  how: { as?: string; comment?: string } = {},
) => resource("Instance", name, { ...variables("zoneId", "templateId", "serviceOfferingId"), ...more }, how);

/** A tier of the shared VPC (`vpc`), a /24 network: the id of its network offering, and its gateway's address. */
export const vpcTier = (name: string, networkOfferingId: Value, gateway: string, how: { as?: string } = {}) =>
  resource(
    "Network",
    name,
    {
      ...variables("zoneId"),
      vpcId: outputOf("vpc.id"),
      networkOfferingId,
      gateway,
      netmask: "255.255.255.0",
    },
    how,
  );

/**
 * The template registered from a URL that the examples show (the Template page's, and the one the getOsType page
 * feeds): its `osTypeId` and any inputs after it.
 */
export const goldenTemplate = (osTypeId: Value, more: Inputs = {}) =>
  resource(
    "Template",
    "golden",
    {
      url: "https://images.example.com/golden-2026-11.qcow2",
      ...variables("zoneId"),
      format: "QCOW2",
      hypervisor: "KVM",
      osTypeId,
      ...more,
    },
    { as: "golden" },
  );

const SETUP = {
  zoneId: lookupVariable("zoneId", "getZone", { name: "de-fra-1a" }),
  templateId: lookupVariable("templateId", "getTemplate", { name: "Ubuntu 22.04 LTS" }),
  serviceOfferingId: lookupVariable("serviceOfferingId", "getComputeOffering", { name: "Small" }),
  diskOfferingId: lookupVariable("diskOfferingId", "getDiskOffering", { name: "Custom" }),
  vpc: resource(
    "Vpc",
    "main",
    {
      ...variables("zoneId"),
      cidr: "10.1.0.0/16",
      vpcOfferingId: lookupId("getVpcOffering", { name: "Default VPC" }),
    },
    { as: "vpc" },
  ),
  // Named `web` (its Pulumi name, as in TypeScript) and keyed `tier`: YAML keys are one namespace, and some
  // examples have another resource named web.
  tier: vpcTier("web", lookupId("getNetworkOffering", { name: "VPC Tier" }), "10.1.1.1", { as: "tier" }),
  // a tier whose offering has an internal load balancer
  app: vpcTier("app", lookupId("getNetworkOffering", { name: "VPC Tier with Internal LB" }), "10.1.2.1", {
    as: "app",
  }),
  db: templateInstance("db", {}, { as: "db" }),
  // an instance with a backup offering: what backups and backup schedules stand on (by hand: TypeScript waits for
  // the zone's id to look the offering up in it)
  backedUpDb: {
    ts: `const standard = zoneId.then((id) => cim.getBackupOffering({ name: "Standard", zoneId: id }));
const db = new cim.Instance("db", { zoneId, templateId, serviceOfferingId, backupOfferingId: standard.then((o) => o.id) });`,
    yaml: {
      variables: yamlEntry(
        "standard",
        yamlInvoke("getBackupOffering", { name: "Standard", zoneId: `\${zoneId}` }, "id"),
      ),
      resources: templateInstance("db", { backupOfferingId: variable("standard") }, { as: "db" }).yaml
        .resources,
    },
  },
  // a data volume on the db instance
  data: resource(
    "Volume",
    "data",
    {
      ...variables("zoneId", "diskOfferingId"),
      size: 50,
      instanceId: outputOf("db.id"),
      tags: { role: "db" },
    },
    { as: "data" },
  ),
  // a file system on the tier; its VM needs at least 2 vCPUs and 1024 MB: a Medium offering, not the Small the
  // instances use
  share: resource(
    "FileSystem",
    "assets",
    {
      ...variables("zoneId"),
      networkId: outputOf("tier.id"),
      ...variables("diskOfferingId"),
      size: 50,
      serviceOfferingId: lookupId("getComputeOffering", { name: "Medium" }),
    },
    { as: "share" },
  ),
  // a public address of the VPC, for a bastion host
  ip: resource("PublicIp", "bastion", { vpcId: outputOf("vpc.id"), tags: { role: "bastion" } }, { as: "ip" }),
  // the VPC's access list for its web tier
  webAcl: resource(
    "NetworkAclList",
    "web",
    { vpcId: outputOf("vpc.id"), description: "web tier" },
    { as: "webAcl" },
  ),
  // a multi-region group, for VPCs of several regions
  mesh: resource("MultiRegionGroup", "mesh", { description: "both sites" }, { as: "mesh" }),
  // a template registered from a URL
  golden: goldenTemplate(lookupId("getOsType", { name: "Ubuntu 22.04 (64-bit)" }), {
    timeouts: noted({ create: "1h" }, "a big image downloads for a while"),
  }),
} as const satisfies Record<string, Shared>;

export type ExampleSetup = keyof typeof SETUP;

/**
 * A declaration an example makes: a shared one by name, or one given whole: a shared one with more inputs
 * (`withInputs`), the example's own flat ones (`resource`, `exported`, …), or a piece written by hand in each
 * language (`{ ts, yaml }`).
 */
type Use = ExampleSetup | Shared;
/** A shared declaration, both languages (the function pages' examples stand on them too). */
export const shared = (u: Use): Shared => (typeof u === "string" ? SETUP[u] : u);

/**
 * A shared resource with more properties: what a kind's own page shows of its resource, the same one the other
 * examples stand on (the Vpc page's `main`, the Network page's `tier`). `ts` lines go at the end of its TypeScript
 * object, `yaml` lines at the end of its YAML properties.
 */
export function withProperties(name: ExampleSetup, more: { ts: string; yaml: string }): Shared {
  const { ts, yaml }: Shared = SETUP[name];
  if (!ts.endsWith("\n});") || !yaml.resources)
    throw new Error(`${name} is no multi-line resource declaration`);
  return {
    ts: `${ts.slice(0, -"});".length)}${indent(more.ts.trim(), 2)}\n});`,
    yaml: { ...yaml, resources: `${yaml.resources}\n${indent(more.yaml.trim(), 4)}` },
  };
}

/**
 * The shared resource `name` with more inputs (`withProperties`, the inputs spelled once): the Network page's
 * `tier` with its tags.
 */
export function withInputs(name: ExampleSetup, more: Inputs): Shared {
  const lines = inputLines(more);
  return withProperties(name, { ts: lines.ts.join("\n"), yaml: lines.yaml.join("\n") });
}

/** An example program: the imports of any of its pieces first, then its declarations in the order given, `own`. */
export function example(uses: readonly Use[], own = ""): string {
  const lines = [...uses.map((u) => shared(u).ts), own.trim()].join("\n").split("\n");
  const imports = lines.filter((l) => l.startsWith("import "));
  return [...imports, ...lines.filter((l) => !l.startsWith("import "))].filter(Boolean).join("\n");
}

/** A YAML example's sections: the shared pieces it uses, in the order given, then its own entries. */
function yamlExample(uses: readonly Use[], own: YamlParts): string {
  return yamlSections([...uses.map((u) => shared(u).yaml), own]);
}

/** Pieces of a YAML program as one: each section once, with the entries of every piece in the order given. */
export function yamlSections(parts: readonly YamlParts[]): string {
  const all = merged(parts);
  return SECTIONS.flatMap((section) => {
    const entries = all[section];
    return entries ? [`${section}:`, indent(entries, 2)] : [];
  }).join("\n");
}

/** The whole Pulumi.yaml a page shows: the project, the plugin's folder, then the example's sections. */
export function yamlProgram(project: string, body: string): string {
  return [
    `name: ${project}`,
    "runtime: yaml",
    "plugins:",
    "  providers:",
    "    - name: cim",
    "      path: ./node_modules/pulumi-cim/bin",
    body.trim(),
  ].join("\n");
}

/**
 * A kind's examples, spread into its declaration: its `example` (TypeScript) and its `yamlExample` (YAML), both
 * the shared declarations `uses` first, then the kind's own: declarations in the order given (each spelled once
 * for both languages, or a piece by hand in each), or text by hand, `own` in TypeScript and `yaml`'s entries.
 */
export function examples(
  uses: readonly Use[],
  own: string | readonly Use[] = "",
  yaml: YamlParts = {},
): { readonly example: string; readonly yamlExample: string } {
  const all = typeof own === "string" ? uses : [...uses, ...own];
  const text = typeof own === "string" ? own : "";
  return { example: example(all, text), yamlExample: yamlExample(all, yaml) };
}
