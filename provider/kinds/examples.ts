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
} as const;

export type ExampleSetup = keyof typeof SETUP;

/** An example program: the shared declarations it uses, in the order given, then its own lines. */
export function example(uses: readonly ExampleSetup[], own = ""): string {
  return [...uses.map((u) => SETUP[u]), own.trim()].filter(Boolean).join("\n");
}
