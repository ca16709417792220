// A small stack for the migration test: a key pair, a VPC inside a component, and a network tier whose parent
// is the VPC (so its URN carries the VPC's type) and which depends on it through an input. CIM_MIGRATE_PATH
// says how the pulumi-cim resources are registered: "dynamic" (the SDK's classes) or "native" (the same inputs
// as `cim:index:<Kind>` custom resources of the plugin, version CIM_MIGRATE_VERSION). The ids of the catalogue
// come from stack config and every name is given, so both paths register exactly the same inputs.
module.exports = async (cim, pulumi) => {
  const c = new pulumi.Config();
  const native = process.env.CIM_MIGRATE_PATH === "native";
  const version = process.env.CIM_MIGRATE_VERSION;
  // API names are unique per account and region: each stack of the test gives its own suffix
  const named = (base) => `${base}-${c.require("suffix")}`;
  const make = (kind, name, props, opts = {}) =>
    native
      ? new pulumi.CustomResource(`cim:index:${kind}`, name, props, { ...opts, version })
      : new cim[kind](name, props, opts);

  const app = new pulumi.ComponentResource("migrate:app:Group", "app", {});
  const key = make(
    "SshKeyPair",
    "ops",
    { name: named("ops"), publicKey: c.require("publicKey") },
    { parent: app },
  );
  const vpc = make(
    "Vpc",
    "main",
    {
      name: named("main"),
      zoneId: c.require("zoneId"),
      cidr: "10.30.0.0/16",
      vpcOfferingId: c.require("vpcOfferingId"),
      tags: { suite: "migrate" },
    },
    { parent: app, dependsOn: [key] },
  );
  const tier = make(
    "Network",
    "tier",
    {
      name: named("tier"),
      zoneId: c.require("zoneId"),
      vpcId: vpc.id,
      networkOfferingId: c.require("tierOfferingId"),
      gateway: "10.30.1.1",
      netmask: "255.255.255.0",
    },
    { parent: vpc },
  );
  return { keyId: key.id, vpcId: vpc.id, tierId: tier.id };
};
