// The pulumi-cim web stack: a VPC with two tiers behind their own network ACLs. The web tier holds three web
// instances behind a public load-balancer rule (round robin, port 80) on a public IP of the VPC, and a bastion
// reached through a second public IP with static NAT; SSH reaches the tier only from one range (stack config
// sshCidr), never from anywhere (the policy pack's cim-no-open-admin-ports forbids that). The app tier, on the
// network offering that serves internal load balancers, holds two app instances behind an internal load
// balancer on port 8080, which only the VPC's own range may reach.
//
// Ids of the zone, template and offerings are looked up by name in the region the stack deploys to
// (cim:region, else the API default). Names, ranges, counts and the rotation can be changed through stack
// config, e.g.
//   pulumi config set sshCidr 198.51.100.0/24   # where SSH may come from (the ACL rule changes in place)
//   pulumi config set webInRotation 2           # take web-3 out of the load balancer (in place; it keeps running)
// This file uses only erasable TypeScript, so Node runs it as it is (type stripping).
import * as pulumi from "@pulumi/pulumi";
import * as cim from "pulumi-cim";

const config = new pulumi.Config();
const env = config.get("env") ?? "demo";
const zoneId = cim.getZone(config.get("zone") ?? "de-fra-1a").then((z) => z.id);
const templateId = cim.getTemplate(config.get("template") ?? "Ubuntu 22.04 LTS").then((t) => t.id);
const webOffering = cim.getComputeOffering(config.get("webOffering") ?? "Small").then((o) => o.id);
const appOffering = cim.getComputeOffering(config.get("appOffering") ?? "Medium").then((o) => o.id);
const sshCidr = config.get("sshCidr") ?? "203.0.113.0/24";
const webCount = config.getNumber("webCount", { min: 1, max: 20 }) ?? 3;
const appCount = config.getNumber("appCount", { min: 1, max: 20 }) ?? 2;
// How many of the web instances the public load balancer sends traffic to (the first N): lower it to take
// instances out of rotation without deleting them.
const webInRotation = config.getNumber("webInRotation", { min: 0, max: webCount }) ?? webCount;

const vpc = new cim.Vpc("web-stack", {
  zoneId,
  cidr: config.get("vpcCidr") ?? "10.20.0.0/16",
  vpcOfferingId: cim.getVpcOffering(config.get("vpcOffering") ?? "Default VPC").then((o) => o.id),
  displayText: "pulumi-cim web stack",
  tags: { env },
});

// ---------------------------------------------------------------------------------------------- web tier

const webAcl = new cim.NetworkAclList("web", {
  vpcId: vpc.id,
  description: "web tier: HTTP(S) in, SSH in from the admin range",
});
const webRule = (name: string, number: number, port: number, cidr: string, description: string) =>
  new cim.NetworkAclRule(name, {
    aclId: webAcl.id,
    number,
    protocol: "tcp",
    startPort: port,
    cidrList: [cidr],
    action: "allow",
    trafficType: "ingress",
    description,
  });
const httpRule = webRule("web-http", 10, 80, "0.0.0.0/0", "HTTP from anywhere");
const httpsRule = webRule("web-https", 20, 443, "0.0.0.0/0", "HTTPS from anywhere");
const sshRule = webRule("web-ssh", 30, 22, sshCidr, "SSH from the admin range only");

const webTier = new cim.Network("web", {
  zoneId,
  vpcId: vpc.id,
  networkOfferingId: cim
    .getNetworkOffering({ name: config.get("webTierOffering") ?? "VPC Tier", forVpc: true })
    .then((o) => o.id),
  gateway: "10.20.1.1",
  netmask: "255.255.255.0",
  aclId: webAcl.id,
  tags: { env, tier: "web" },
});

const instance = (name: string, tier: cim.Network, serviceOfferingId: pulumi.Input<string>, role: string) =>
  new cim.Instance(name, {
    zoneId,
    templateId,
    serviceOfferingId,
    networkIds: [tier.id],
    displayName: name,
    tags: { env, role },
  });

const web = Array.from({ length: webCount }, (_, i) => instance(`web-${i + 1}`, webTier, webOffering, "web"));
const bastion = instance("bastion", webTier, webOffering, "bastion");

// The public entry: an address of the VPC, port 80 balanced round robin over the web instances in rotation.
const lbIp = new cim.PublicIp("web-lb", { vpcId: vpc.id, tags: { env, role: "web-lb" } });
const lb = new cim.LoadBalancerRule("web-http", {
  publicIpId: lbIp.id,
  networkId: webTier.id,
  publicPort: 80,
  privatePort: 80,
  protocol: "tcp",
  algorithm: "roundrobin",
  memberIds: web.slice(0, webInRotation).map((w) => w.id),
  tags: { env },
});

// The bastion's own address: static NAT maps every port of it onto the bastion; the web tier's ACL lets only
// sshCidr reach SSH.
const bastionIp = new cim.PublicIp("bastion", { vpcId: vpc.id, tags: { env, role: "bastion" } });
const bastionNat = new cim.StaticNat("bastion", {
  publicIpId: bastionIp.id,
  instanceId: bastion.id,
  networkId: webTier.id,
});

// ---------------------------------------------------------------------------------------------- app tier

const appAcl = new cim.NetworkAclList("app", {
  vpcId: vpc.id,
  description: "app tier: 8080 from inside the VPC",
});
const appRule = new cim.NetworkAclRule("app-8080", {
  aclId: appAcl.id,
  number: 10,
  protocol: "tcp",
  startPort: 8080,
  cidrList: [vpc.cidr],
  action: "allow",
  trafficType: "ingress",
  description: "the app port from the VPC's own range",
});

const appTier = new cim.Network("app", {
  zoneId,
  vpcId: vpc.id,
  // an internal load balancer needs a tier whose offering serves it
  networkOfferingId: cim
    .getNetworkOffering({ name: config.get("appTierOffering") ?? "VPC Tier with Internal LB", forVpc: true })
    .then((o) => o.id),
  gateway: "10.20.2.1",
  netmask: "255.255.255.0",
  aclId: appAcl.id,
  tags: { env, tier: "app" },
});

const app = Array.from({ length: appCount }, (_, i) => instance(`app-${i + 1}`, appTier, appOffering, "app"));

// Port 8080 of an address of the app tier (the API allocates it), balanced over the app instances.
const appLb = new cim.InternalLoadBalancer("app", {
  networkId: appTier.id,
  sourcePort: 8080,
  instancePort: 8080,
  algorithm: "roundrobin",
  memberIds: app.map((a) => a.id),
  tags: { env },
});

export const vpcId = vpc.id;
export const vpcCidr = vpc.cidr;
export const webTierId = webTier.id;
export const webTierCidr = webTier.cidr;
export const appTierId = appTier.id;
export const appTierCidr = appTier.cidr;
export const webAclId = webAcl.id;
export const appAclId = appAcl.id;
export const aclRuleIds = {
  http: httpRule.id,
  https: httpsRule.id,
  ssh: sshRule.id,
  app: appRule.id,
};
export const webIds = web.map((w) => w.id);
export const appIds = app.map((a) => a.id);
export const bastionId = bastion.id;
export const lbRuleId = lb.id;
export const lbMemberIds = lb.memberIds;
export const url = pulumi.interpolate`http://${lbIp.ipAddress}/`;
export const appLbId = appLb.id;
export const appLbAddress = appLb.sourceIpAddress;
export const bastionAddress = bastionIp.ipAddress;
export const bastionPrivateAddress = bastionNat.vmIpAddress;
