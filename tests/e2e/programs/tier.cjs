// A VPC, a tier and instances on it (an attached data volume on the first), destroyed against a platform that
// expunges destroyed instances later: used by tests/e2e/expunge.test.ts. `tier:expunge` "false" keeps the
// platform's recovery window on every instance; `tier:networkDeleteTimeout` bounds the tier's delete;
// `tier:firstName` fixes web-1's host name and `tier:template` the image (a change replaces the instances).
module.exports = async (cim, pulumi) => {
  const c = new pulumi.Config("tier");
  const zone = await cim.getZone("de-fra-1a");
  const template = await cim.getTemplate(c.get("template") ?? "Ubuntu 22.04 LTS");
  const small = await cim.getComputeOffering({ name: "Small", zoneId: zone.id });
  const vpcOffering = (await cim.getVpcOfferings())[0];
  const tierOffering = await cim.getNetworkOffering({ name: "VPC Tier", forVpc: true });
  const custom = await cim.getDiskOffering({ name: "Custom" });

  const vpc = new cim.Vpc("main", { zoneId: zone.id, cidr: "10.50.0.0/16", vpcOfferingId: vpcOffering.id });
  const deleteTimeout = c.get("networkDeleteTimeout");
  const tier = new cim.Network("web", {
    zoneId: zone.id,
    networkOfferingId: tierOffering.id,
    vpcId: vpc.id,
    gateway: "10.50.1.1",
    netmask: "255.255.255.0",
    ...(deleteTimeout ? { timeouts: { delete: deleteTimeout } } : {}),
  });
  const expunge = c.getBoolean("expunge");
  const vms = [1, 2, 3].map(
    (n) =>
      new cim.Instance(`web-${n}`, {
        zoneId: zone.id,
        templateId: template.id,
        serviceOfferingId: small.id,
        networkIds: [tier.id],
        ...(n === 1 && c.get("firstName") ? { name: c.get("firstName") } : {}),
        ...(expunge === undefined ? {} : { expunge }),
      }),
  );
  const data = new cim.Volume("data", {
    zoneId: zone.id,
    diskOfferingId: custom.id,
    size: 10,
    instanceId: vms[0].id,
  });
  return { vpcId: vpc.id, tierId: tier.id, vmIds: vms.map((v) => v.id), volumeId: data.id };
};
