// An isolated network in zone de-fra-1a, a named instance on it in the zone `zonemove:zone` names (de-fra-1a by
// default), a public IP of the network and a static NAT onto the instance: used by tests/e2e/zoneMove.test.ts.
module.exports = async (cim, pulumi) => {
  const c = new pulumi.Config("zonemove");
  const home = await cim.getZone("de-fra-1a");
  const zone = await cim.getZone(c.get("zone") ?? "de-fra-1a");
  const template = await cim.getTemplate("Ubuntu 22.04 LTS");
  const small = await cim.getComputeOffering({ name: "Small", zoneId: home.id });
  const isolated = await cim.getNetworkOffering({ name: "Isolated", forVpc: false });
  const net = new cim.Network("app", { zoneId: home.id, networkOfferingId: isolated.id });
  const vm = new cim.Instance("mover", {
    name: "mover",
    zoneId: zone.id,
    templateId: template.id,
    serviceOfferingId: small.id,
    networkIds: [net.id],
  });
  const ip = new cim.PublicIp("front", { networkId: net.id });
  const nat = new cim.StaticNat("front", { publicIpId: ip.id, instanceId: vm.id, networkId: net.id });
  return { netId: net.id, vmId: vm.id, ipId: ip.id, natId: nat.id };
};
