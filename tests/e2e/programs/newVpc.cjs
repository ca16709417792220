// A new VPC with two tiers, an ACL list with two rules, an instance on the first tier with a backup schedule, and
// tags on the template, every value that preview judges against the resources the same run makes taken from stack
// config (`newvpc:cidr`, `newvpc:webGateway`, `newvpc:dbGateway`, `newvpc:sshNumber`, `newvpc:httpNumber`,
// `newvpc:backupOffering` "none" to leave the instance without one, `newvpc:webAcl` "other" to give the web tier the
// list of a second new VPC, `newvpc:lbAddress` "other" to balance onto the web tier from that VPC's address,
// `newvpc:tagsOn` "app" to put the tags on the instance as a volume's): used by
// tests/e2e/plannedReferences.test.ts.
module.exports = async (cim, pulumi) => {
  const c = new pulumi.Config("newvpc");
  const zone = await cim.getZone("de-fra-1a");
  const template = await cim.getTemplate("Ubuntu 22.04 LTS");
  const small = await cim.getComputeOffering({ name: "Small", zoneId: zone.id });
  const vpcOffering = (await cim.getVpcOfferings())[0];
  const tierOffering = await cim.getNetworkOffering({ name: "VPC Tier", forVpc: true });
  const backups = await cim.getBackupOfferings({ zoneId: zone.id });

  const vpc = new cim.Vpc("shop", {
    zoneId: zone.id,
    cidr: c.get("cidr") ?? "10.60.0.0/16",
    vpcOfferingId: vpcOffering.id,
  });
  const acl = new cim.NetworkAclList("web-acl", { vpcId: vpc.id });
  const rule = (name, number, port) =>
    new cim.NetworkAclRule(name, {
      aclId: acl.id,
      number,
      protocol: "tcp",
      startPort: port,
      endPort: port,
      cidrList: ["0.0.0.0/0"],
      action: "allow",
      trafficType: "ingress",
    });
  rule("ssh", c.getNumber("sshNumber") ?? 10, 22);
  rule("http", c.getNumber("httpNumber") ?? 20, 80);
  const tier = (name, gateway, list) =>
    new cim.Network(name, {
      zoneId: zone.id,
      networkOfferingId: tierOffering.id,
      vpcId: vpc.id,
      aclId: list.id,
      gateway,
      netmask: "255.255.255.0",
    });
  // a second new VPC, made only for a mistake
  let vpc2;
  const otherVpc = () => {
    vpc2 ??= new cim.Vpc("other", {
      zoneId: zone.id,
      cidr: "10.61.0.0/16",
      vpcOfferingId: vpcOffering.id,
    });
    return vpc2;
  };
  // a list of another new VPC, which the platform refuses the tier
  const other = () => new cim.NetworkAclList("other-acl", { vpcId: otherVpc().id });
  const web = tier("web", c.get("webGateway") ?? "10.60.1.1", c.get("webAcl") === "other" ? other() : acl);
  tier("db", c.get("dbGateway") ?? "10.60.2.1", acl);
  // an address of the VPC balancing port 80 onto the web tier; `newvpc:lbAddress` "other" takes it from the second
  // new VPC, whose address the platform does not balance onto a tier of this one
  const ip = new cim.PublicIp("edge", {
    zoneId: zone.id,
    vpcId: (c.get("lbAddress") === "other" ? otherVpc() : vpc).id,
  });
  new cim.LoadBalancerRule("www", {
    publicIpId: ip.id,
    networkId: web.id,
    publicPort: 80,
    privatePort: 8080,
  });
  // the offering passed as a secret: the SDK withholds it from what check is told, which then does not judge it
  const offering =
    c.get("backupOffering") === "none" ? {} : { backupOfferingId: pulumi.secret(backups[0].id) };
  const vm = new cim.Instance("app", {
    zoneId: zone.id,
    templateId: template.id,
    serviceOfferingId: small.id,
    networkIds: [web.id],
    ...offering,
  });
  // the template's tags; `newvpc:tagsOn` "app" puts them on the new instance as a volume's
  const onApp = c.get("tagsOn") === "app";
  new cim.Tags("shop-tags", {
    resourceType: onApp ? "Volume" : "Template",
    resourceId: onApp ? vm.id : template.id,
    tags: { team: "shop" },
  });
  new cim.BackupSchedule("nightly", {
    instanceId: vm.id,
    intervalType: "DAILY",
    schedule: "30:02",
    timezone: "UTC",
  });
  return { vpcId: vpc.id };
};
