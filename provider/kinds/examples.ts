// What the kinds' examples share: the lookups and the resources several examples stand on, each written once, in
// TypeScript and in Pulumi YAML side by side. Each kind's `example` (docs/resources/<Kind>.md shows it whole, and
// tests/docs compiles it) and its `yamlExample` declare the ones they use first, then say what is the kind's own:
// `...examples(["zoneId", "vpc"], "new cim.Network(…)", { resources: "…" })` names them once for both. The
// function pages' examples stand on some of them too (functionExampleTable.ts).
//
// The YAML examples (the native plugin's schema) stand under the TypeScript one on each page. A kind's own part is
// written by hand in each language rather than generated from one structured form of both: the TypeScript examples
// say things the way a TypeScript program does (a loop over `[1, 2].map`, a promise chain, a file read), which a
// structured form would have to model or forbid, and each language's example should read as that language is
// written. tests/docs/yamlExamples.test.ts holds each YAML example to its TypeScript one (the same resource types
// and lookups) and to the plugin's schema; tests/e2e/yamlExamples.test.ts runs them all. YAML refers to a resource
// by its key (`${main.id}`), to a lookup's answer by its variable (`${zoneId}`).

export const indent = (text: string, n: number) =>
  text
    .split("\n")
    .map((l) => (l ? " ".repeat(n) + l : l))
    .join("\n");

/** A lookup's `id` in YAML: `fn::invoke` of the plugin's function, e.g. `cim:index:getZone`. */
export function invokeId(fn: string, args: string): string {
  return `fn::invoke:\n  function: cim:index:${fn}\n  arguments: ${args}\n  return: id`;
}

const yamlEntry = (key: string, value: string) => `${key}:\n${indent(value, 2)}`;

/**
 * An instance of the shared template and compute offering in YAML, keyed `key`, with `more` properties (lines at
 * the properties' level): TypeScript's `new cim.Instance(key, { zoneId, templateId, serviceOfferingId, … })`.
 */
export function yamlInstance(key: string, more = ""): string {
  const properties = [
    `zoneId: \${zoneId}`,
    `templateId: \${templateId}`,
    `serviceOfferingId: \${serviceOfferingId}`,
  ];
  return yamlEntry(
    key,
    `type: cim:index:Instance\nproperties:\n${indent([...properties, more.trim()].filter(Boolean).join("\n"), 2)}`,
  );
}

/** What one piece of a YAML program adds to each section: entries written at the section's own level. */
export interface YamlParts {
  readonly config?: string;
  readonly variables?: string;
  readonly resources?: string;
  readonly outputs?: string;
}

/** A shared declaration: its TypeScript, and what it adds to a YAML program's sections. */
export interface Shared {
  readonly ts: string;
  readonly yaml: YamlParts;
}

/**
 * The template registered from a URL that the examples show (the Template page's, and the one the getOsType page
 * feeds): its `osTypeId` value and anything after it, in TypeScript and in Pulumi YAML.
 */
export function goldenTemplate(
  osTypeId: { ts: string; yaml: string },
  more: { ts: string; yaml: string } = { ts: "", yaml: "" },
): Shared {
  return {
    ts: `const golden = new cim.Template("golden", {
  url: "https://images.example.com/golden-2026-11.qcow2",
  zoneId,
  format: "QCOW2",
  hypervisor: "KVM",
  osTypeId${osTypeId.ts === "osTypeId" ? "" : `: ${osTypeId.ts}`},${more.ts}
});`,
    yaml: {
      resources: `golden:
  type: cim:index:Template
  properties:
    url: https://images.example.com/golden-2026-11.qcow2
    zoneId: \${zoneId}
    format: QCOW2
    hypervisor: KVM
    osTypeId:${osTypeId.yaml.startsWith("\n") ? "" : " "}${osTypeId.yaml}${more.yaml}`,
    },
  };
}

const SETUP = {
  zoneId: {
    ts: `const zoneId = cim.getZone("de-fra-1a").then((z) => z.id);`,
    yaml: { variables: yamlEntry("zoneId", invokeId("getZone", "{ name: de-fra-1a }")) },
  },
  templateId: {
    ts: `const templateId = cim.getTemplate("Ubuntu 22.04 LTS").then((t) => t.id);`,
    yaml: { variables: yamlEntry("templateId", invokeId("getTemplate", "{ name: Ubuntu 22.04 LTS }")) },
  },
  serviceOfferingId: {
    ts: `const serviceOfferingId = cim.getComputeOffering("Small").then((o) => o.id);`,
    yaml: { variables: yamlEntry("serviceOfferingId", invokeId("getComputeOffering", "{ name: Small }")) },
  },
  diskOfferingId: {
    ts: `const diskOfferingId = cim.getDiskOffering("Custom").then((o) => o.id);`,
    yaml: { variables: yamlEntry("diskOfferingId", invokeId("getDiskOffering", "{ name: Custom }")) },
  },
  vpc: {
    ts: `const vpc = new cim.Vpc("main", {
  zoneId,
  cidr: "10.1.0.0/16",
  vpcOfferingId: cim.getVpcOffering("Default VPC").then((o) => o.id),
});`,
    yaml: {
      resources: `main:
  type: cim:index:Vpc
  properties:
    zoneId: \${zoneId}
    cidr: 10.1.0.0/16
    vpcOfferingId:
${indent(invokeId("getVpcOffering", "{ name: Default VPC }"), 6)}`,
    },
  },
  // Keyed `tier` in YAML and named `web` (its Pulumi name, as in TypeScript): YAML keys are one namespace, and
  // some examples have another resource named web.
  tier: {
    ts: `const tier = new cim.Network("web", {
  zoneId,
  vpcId: vpc.id,
  networkOfferingId: cim.getNetworkOffering("VPC Tier").then((o) => o.id),
  gateway: "10.1.1.1",
  netmask: "255.255.255.0",
});`,
    yaml: {
      resources: `tier:
  type: cim:index:Network
  name: web # its Pulumi name; the program refers to it by its key
  properties:
    zoneId: \${zoneId}
    vpcId: \${main.id}
    networkOfferingId:
${indent(invokeId("getNetworkOffering", "{ name: VPC Tier }"), 6)}
    gateway: 10.1.1.1
    netmask: 255.255.255.0`,
    },
  },
  db: {
    ts: `const db = new cim.Instance("db", { zoneId, templateId, serviceOfferingId });`,
    yaml: { resources: yamlInstance("db") },
  },
  // an instance with a backup offering: what backups and backup schedules stand on
  backedUpDb: {
    ts: `const standard = zoneId.then((id) => cim.getBackupOffering({ name: "Standard", zoneId: id }));
const db = new cim.Instance("db", { zoneId, templateId, serviceOfferingId, backupOfferingId: standard.then((o) => o.id) });`,
    yaml: {
      variables: `standard:
  fn::invoke:
    function: cim:index:getBackupOffering
    arguments: { name: Standard, zoneId: "\${zoneId}" }
    return: id`,
      resources: yamlInstance("db", `backupOfferingId: \${standard}`),
    },
  },
  // a data volume on the db instance
  data: {
    ts: `const data = new cim.Volume("data", { zoneId, diskOfferingId, size: 50, instanceId: db.id, tags: { role: "db" } });`,
    yaml: {
      resources: `data:
  type: cim:index:Volume
  properties:
    zoneId: \${zoneId}
    diskOfferingId: \${diskOfferingId}
    size: 50
    instanceId: \${db.id}
    tags: { role: db }`,
    },
  },
  // a public address of the VPC, for a bastion host
  ip: {
    ts: `const ip = new cim.PublicIp("bastion", { vpcId: vpc.id, tags: { role: "bastion" } });`,
    yaml: {
      resources: `ip:
  type: cim:index:PublicIp
  name: bastion
  properties:
    vpcId: \${main.id}
    tags: { role: bastion }`,
    },
  },
  // the VPC's access list for its web tier (keyed `web` in YAML: no example that uses it has another web)
  webAcl: {
    ts: `const webAcl = new cim.NetworkAclList("web", { vpcId: vpc.id, description: "web tier" });`,
    yaml: {
      resources: `web:
  type: cim:index:NetworkAclList
  properties:
    vpcId: \${main.id}
    description: web tier`,
    },
  },
  // a multi-region group, for VPCs of several regions
  mesh: {
    ts: `const mesh = new cim.MultiRegionGroup("mesh", { description: "both sites" });`,
    yaml: {
      resources: `mesh:
  type: cim:index:MultiRegionGroup
  properties:
    description: both sites`,
    },
  },
  // a template registered from a URL
  golden: goldenTemplate(
    {
      ts: `cim.getOsType("Ubuntu 22.04 (64-bit)").then((o) => o.id)`,
      yaml: `\n${indent(invokeId("getOsType", '{ name: "Ubuntu 22.04 (64-bit)" }'), 6)}`,
    },
    {
      ts: `\n  timeouts: { create: "1h" }, // a big image downloads for a while`,
      yaml: "\n    timeouts: { create: 1h } # a big image downloads for a while",
    },
  ),
} as const satisfies Record<string, Shared>;

export type ExampleSetup = keyof typeof SETUP;

/** A shared declaration by name, or one given whole (`withProperties`). */
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

/** An example program: its own imports, the shared declarations it uses in the order given, then its own lines. */
export function example(uses: readonly Use[], own = ""): string {
  const lines = own.trim().split("\n");
  const imports = lines.filter((l) => l.startsWith("import "));
  const rest = lines.filter((l) => !l.startsWith("import ")).join("\n");
  return [...imports, ...uses.map((u) => shared(u).ts), rest].filter(Boolean).join("\n");
}

const SECTIONS = ["config", "variables", "resources", "outputs"] as const;

/** A YAML example's sections: the shared pieces it uses, in the order given, then its own entries. */
function yamlExample(uses: readonly Use[], own: YamlParts): string {
  return yamlSections([...uses.map((u) => shared(u).yaml), own]);
}

/** Pieces of a YAML program as one: each section once, with the entries of every piece in the order given. */
export function yamlSections(parts: readonly YamlParts[]): string {
  return SECTIONS.flatMap((section) => {
    const entries = parts.map((p) => p[section]?.trim()).filter(Boolean) as string[];
    return entries.length ? [`${section}:`, ...entries.map((e) => indent(e, 2))] : [];
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
 * A kind's examples, both languages on the shared declarations `uses` (named once): its `example` (TypeScript,
 * `own` after them) and its `yamlExample` (YAML, `yaml`'s entries after theirs), spread into its declaration.
 */
export function examples(
  uses: readonly Use[],
  own: string,
  yaml: YamlParts,
): { readonly example: string; readonly yamlExample: string } {
  return { example: example(uses, own), yamlExample: yamlExample(uses, yaml) };
}
