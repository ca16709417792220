// What the kinds' examples share: the lookups and the resources most examples stand on, written once. Each kind's
// `example` (docs/resources/<Kind>.md shows it whole, and tests/docs compiles it) declares the ones it uses
// first, then says what is its own: `example(["zoneId", "vpc"], "new cim.Network(…)")`.

const SETUP = {
  zoneId: `const zoneId = cim.getZone("de-fra-1a").then((z) => z.id);`,
  templateId: `const templateId = cim.getTemplate("Ubuntu 22.04 LTS").then((t) => t.id);`,
  serviceOfferingId: `const serviceOfferingId = cim.getComputeOffering("Small").then((o) => o.id);`,
  diskOfferingId: `const diskOfferingId = cim.getDiskOffering("Custom").then((o) => o.id);`,
  vpc: `const vpc = new cim.Vpc("main", {
  zoneId,
  cidr: "10.1.0.0/16",
  vpcOfferingId: cim.getVpcOffering("Default VPC").then((o) => o.id),
});`,
  tier: `const tier = new cim.Network("web", {
  zoneId,
  vpcId: vpc.id,
  networkOfferingId: cim.getNetworkOffering("VPC Tier").then((o) => o.id),
  gateway: "10.1.1.1",
  netmask: "255.255.255.0",
});`,
  db: `const db = new cim.Instance("db", { zoneId, templateId, serviceOfferingId });`,
  // an instance with a backup offering: what backups and backup schedules stand on
  backedUpDb: `const standard = zoneId.then((id) => cim.getBackupOffering({ name: "Standard", zoneId: id }));
const db = new cim.Instance("db", { zoneId, templateId, serviceOfferingId, backupOfferingId: standard.then((o) => o.id) });`,
} as const;

export type ExampleSetup = keyof typeof SETUP;

/** An example program: the shared declarations it uses, in the order given, then its own lines. */
export function example(uses: readonly ExampleSetup[], own = ""): string {
  return [...uses.map((u) => SETUP[u]), own.trim()].filter(Boolean).join("\n");
}

// The same examples in Pulumi YAML (the native plugin's schema), under the TypeScript one on each page. Written by
// hand per kind (`yamlExample` beside `example`) rather than generated from one structured form of both: the
// TypeScript examples say things the way a TypeScript program does (a loop over `[1, 2].map`, a promise chain, a
// file read), which a structured form would have to model or forbid, and each language's example should read as
// that language is written. tests/docs/yamlExamples.test.ts holds each YAML example to its TypeScript one (the
// same resource types and lookups) and to the plugin's schema; tests/e2e/yamlExamples.test.ts runs them all.
// The pieces many share are written once here, as SETUP is above: YAML refers to a resource by its key
// (`${main.id}`), to a lookup's answer by its variable (`${zoneId}`).

const indent = (text: string, n: number) =>
  text
    .split("\n")
    .map((l) => (l ? " ".repeat(n) + l : l))
    .join("\n");

/** A lookup's `id` in YAML: `fn::invoke` of the plugin's function, e.g. `cim:index:getZone`. */
export function invokeId(fn: string, args: string): string {
  return `fn::invoke:\n  function: cim:index:${fn}\n  arguments: ${args}\n  return: id`;
}

const yamlEntry = (key: string, value: string) => `${key}:\n${indent(value, 2)}`;

/** What one piece of a YAML program adds to each section: entries written at the section's own level. */
export interface YamlParts {
  readonly config?: string;
  readonly variables?: string;
  readonly resources?: string;
  readonly outputs?: string;
}

const YAML_SETUP: Record<ExampleSetup, YamlParts> = {
  zoneId: { variables: yamlEntry("zoneId", invokeId("getZone", "{ name: de-fra-1a }")) },
  templateId: { variables: yamlEntry("templateId", invokeId("getTemplate", "{ name: Ubuntu 22.04 LTS }")) },
  serviceOfferingId: {
    variables: yamlEntry("serviceOfferingId", invokeId("getComputeOffering", "{ name: Small }")),
  },
  diskOfferingId: { variables: yamlEntry("diskOfferingId", invokeId("getDiskOffering", "{ name: Custom }")) },
  vpc: {
    resources: `main:
  type: cim:index:Vpc
  properties:
    zoneId: \${zoneId}
    cidr: 10.1.0.0/16
    vpcOfferingId:
${indent(invokeId("getVpcOffering", "{ name: Default VPC }"), 6)}`,
  },
  // Keyed `tier` and named `web` (its Pulumi name, as in TypeScript): YAML keys are one namespace, and some
  // examples have another resource named web.
  tier: {
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
  db: {
    resources: `db:
  type: cim:index:Instance
  properties:
    zoneId: \${zoneId}
    templateId: \${templateId}
    serviceOfferingId: \${serviceOfferingId}`,
  },
  backedUpDb: {
    variables: `standard:
  fn::invoke:
    function: cim:index:getBackupOffering
    arguments: { name: Standard, zoneId: "\${zoneId}" }
    return: id`,
    resources: `db:
  type: cim:index:Instance
  properties:
    zoneId: \${zoneId}
    templateId: \${templateId}
    serviceOfferingId: \${serviceOfferingId}
    backupOfferingId: \${standard}`,
  },
};

const SECTIONS = ["config", "variables", "resources", "outputs"] as const;

/** A YAML example's sections: the shared pieces it uses, in the order given, then its own entries. */
export function yamlExample(uses: readonly ExampleSetup[], own: YamlParts): string {
  const parts = [...uses.map((u) => YAML_SETUP[u]), own];
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
