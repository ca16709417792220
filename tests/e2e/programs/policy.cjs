// The policy-pack e2e program: a program that complies with the pack as configured by tests/e2e/policy.test.ts,
// and the violations named in `policytest:violations` (comma-separated; each its own policy, so one preview
// reports several). Ids come from the lookup functions.
module.exports = async (cim, pulumi) => {
  const violations = (new pulumi.Config("policytest").get("violations") ?? "").split(",").filter(Boolean);
  const is = (v) => violations.includes(v);

  const fraA = await cim.getZone("de-fra-1a");
  const fraB = await cim.getZone("de-fra-1b");
  const template = await cim.getTemplate("Ubuntu 22.04 LTS");
  const small = await cim.getComputeOffering({ name: "Small", zoneId: fraA.id });
  const custom = await cim.getDiskOffering("Custom");
  const isolated = await cim.getNetworkOffering({ name: "Isolated", forVpc: false });
  const standard = await cim.getBackupOffering({ name: "Standard", zoneId: fraA.id });

  const tags = { env: "prod", owner: "platform" };
  // The provider refuses a volume attached to an instance of another zone, and a backup schedule of an instance
  // without an offering, at preview itself when the SDK can say which resource of the program an id comes from
  // (TypeScript); the pack's rules on them stand for programs whose SDK cannot (Pulumi YAML, other languages). For
  // those two violations the id goes through a value of two resources, which the SDK does not trace to one.
  const untraced = (id, also) => pulumi.all([id, also]).apply(([v]) => v);

  // A key pair of the program: the instance names it through its name output (created first).
  const ops = new cim.SshKeyPair("ops", {
    publicKey: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIMj+Z95qjDlVsd155q2L8M8zifUxVLavt4nnnAvPq9hR ops@example",
  });

  const web = new cim.Instance("web", {
    zoneId: fraA.id,
    templateId: template.id,
    serviceOfferingId: small.id,
    sshKeyNames: [ops.name],
    allowPasswordSsh: is("password-ssh") || is("exposed-ssh") ? true : undefined,
    deleteProtection: !is("delete-protection"),
    rootDiskSize: is("root-disk") ? 200 : 20,
    // backed up below: without an offering the platform refuses the schedule (cim-backup-needs-offering)
    backupOfferingId: is("backup-offering") ? undefined : standard.id,
    tags: is("tags") ? { env: "prod" } : tags,
  });

  if (!is("backup")) {
    new cim.BackupSchedule("web-backup", {
      instanceId: is("backup-offering") ? untraced(web.id, ops.name) : web.id,
      intervalType: "DAILY",
      schedule: "30:02",
      timezone: "UTC",
    });
  }

  new cim.Volume("data", {
    zoneId: is("volume-zone") ? fraB.id : fraA.id,
    diskOfferingId: custom.id,
    size: 20,
    instanceId: is("volume-zone") ? untraced(web.id, ops.name) : web.id,
    tags,
  });

  const net = new cim.Network("isolated", { zoneId: fraB.id, networkOfferingId: isolated.id, tags });

  if (is("exposed-ssh")) {
    const ip = new cim.PublicIp("bastion", { networkId: net.id, tags });
    new cim.StaticNat("bastion", { publicIpId: ip.id, instanceId: web.id });
  }

  // A production cluster with one control-plane node (advisory).
  if (is("cluster-ha")) {
    new cim.KubernetesCluster("kube", {
      zoneId: fraB.id,
      kubernetesVersionId: (await cim.getKubernetesVersion("1.28.4")).id,
      serviceOfferingId: (await cim.getComputeOffering({ name: "Medium", zoneId: fraB.id })).id,
      networkId: net.id,
      size: 2,
      tags,
    });
  }

  if (is("lb-one-member")) {
    const ip = new cim.PublicIp("web", { networkId: net.id, tags });
    new cim.LoadBalancerRule("web", {
      publicIpId: ip.id,
      publicPort: 80,
      privatePort: 80,
      memberIds: [web.id],
      tags,
    });
  }

  // SSH to the app VPC's tiers from the VPN range only; from anywhere is the open-ssh violation.
  const vpcOffering = await cim.getVpcOffering("Default VPC");
  const vpc = new cim.Vpc("app", {
    zoneId: fraA.id,
    cidr: "10.40.0.0/16",
    vpcOfferingId: vpcOffering.id,
    tags,
  });
  const acl = new cim.NetworkAclList("app-acl", { vpcId: vpc.id });
  new cim.NetworkAclRule("ssh", {
    aclId: acl.id,
    protocol: "tcp",
    startPort: 22,
    cidrList: is("open-ssh") ? ["10.8.0.0/16", "0.0.0.0/0"] : ["10.8.0.0/16"],
  });

  if (is("region")) {
    const secondary = (await cim.getRegions()).find((r) => !r.primary);
    const foreign = await cim.getTemplate({ name: "Debian 12", region: secondary.id });
    new cim.Tags("foreign-template", {
      region: secondary.id,
      resourceType: "Template",
      resourceId: foreign.id,
      tags: { team: "platform" },
    });
  }

  return { violations: violations.join(","), zoneA: fraA.id, zoneB: fraB.id };
};
