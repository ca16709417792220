// A VPC with a tier, two instances on it, a public IP of the VPC and a static NAT from it onto one instance,
// chosen by `publicip:target` ("a" or "b"): used by tests/e2e/publicIp.test.ts.
module.exports = async (cim, pulumi) => {
  const c = new pulumi.Config("publicip");
  const zone = await cim.getZone("de-fra-1a");
  const template = await cim.getTemplate("Ubuntu 22.04 LTS");
  const small = await cim.getComputeOffering({ name: "Small", zoneId: zone.id });
  const vpcOffering = (await cim.getVpcOfferings())[0];
  const tierOffering = await cim.getNetworkOffering({ name: "VPC Tier", forVpc: true });

  const vpc = new cim.Vpc("edge", { zoneId: zone.id, cidr: "10.40.0.0/16", vpcOfferingId: vpcOffering.id });
  const tier = new cim.Network("web", {
    zoneId: zone.id,
    networkOfferingId: tierOffering.id,
    vpcId: vpc.id,
    gateway: "10.40.1.1",
    netmask: "255.255.255.0",
  });
  const vm = (name) =>
    new cim.Instance(name, {
      zoneId: zone.id,
      templateId: template.id,
      serviceOfferingId: small.id,
      networkIds: [tier.id],
    });
  const hosts = { a: vm("bastion-a"), b: vm("bastion-b") };
  const ip = new cim.PublicIp("bastion", { vpcId: vpc.id, tags: { role: c.get("role") ?? "bastion" } });
  const nat = new cim.StaticNat("bastion", {
    publicIpId: ip.id,
    instanceId: hosts[c.get("target") ?? "a"].id,
    networkId: tier.id,
  });
  return {
    address: ip.ipAddress,
    ipId: ip.id,
    natId: nat.id,
    vmIp: nat.vmIpAddress,
    a: hosts.a.id,
    b: hosts.b.id,
  };
};
