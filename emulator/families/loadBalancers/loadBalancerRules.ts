// Public load-balancer rules as CloudStack keeps them (createLoadBalancerRule, listLoadBalancerRules,
// updateLoadBalancerRule, deleteLoadBalancerRule, assignToLoadBalancerRule, removeFromLoadBalancerRule,
// listLoadBalancerRuleInstances): the checks of LoadBalancingRulesManagerImpl.createPublicLoadBalancerRule and
// assignToLoadBalancer, FirewallManagerImpl.detectRulesConflict for ports, with their texts. Every change is a
// job; the rule shows CloudStack's FirewallRule state meanwhile. The spec shows only the route
// /api/v1/loadbalancer/rules: the shapes and choices here are written in emulator/README.md.

import { zoneOf } from "../../handlers/common";
import { body, reqInts, reqStr, str } from "../../handlers/input";
import { fieldsOf, taggedView } from "../../handlers/views";
import { badRequest, conflict } from "../../http";
import { dropLoadBalancerRules } from "../publicIps/publicIps";
import {
  balancerHandlers,
  createBalancer,
  type LCtx,
  type LoadBalancerData,
  portsAndAlgorithm,
} from "./balancers";
import type { LoadBalancerRuleRec } from "./records";

const PROTOCOLS = ["tcp", "udp", "tcp-proxy"];

function ruleView(ctx: LCtx, r: LoadBalancerRuleRec) {
  const ip = ctx.data.publicIps.byId(r.publicIpId);
  const zone = ip ? zoneOf(ctx.store, ip) : { zoneId: "", zoneName: "" };
  return {
    ...fieldsOf(r, ["id", "name", "description", "publicIpId"]),
    publicIp: ip?.ipAddress ?? "",
    // CloudStack's LoadBalancerResponse carries the ports as text
    publicPort: String(r.publicPort),
    privatePort: String(r.privatePort),
    ...fieldsOf(r, ["algorithm", "protocol", "networkId"]),
    ...zone,
    cidrList: "",
    state: r.state,
    ...taggedView(r),
  };
}

/** The rules that hold an address's ports (every rule not being removed). */
export const rulesOnAddress = (rules: LoadBalancerData["loadBalancerRules"], ipId: string) =>
  rules.where((r) => r.publicIpId === ipId && r.state !== "Revoke");

/** POST /loadbalancer/rules: createLoadBalancerRule (a job; the rule shows `Add` until it is applied). */
export function create(ctx: LCtx) {
  const b = body(ctx);
  const name = reqStr(b, "name");
  const algorithmText = reqStr(b, "algorithm");
  const { privatePort, publicPort } = reqInts(b, "privatePort", "publicPort");
  const ipId = reqStr(b, "publicIpId");
  // CreateLoadBalancerRuleCmd.getSourceIpAddressId: an unknown address, or one not acquired yet
  const ip = ctx.data.publicIps.get(ctx.owner, ipId);
  if (ip?.state !== "Allocated")
    throw badRequest(`Unable to create load balancer rule, invalid IP address ID ${ipId}`);
  const networkId = str(b, "networkId") || ip.networkId;
  // CreateLoadBalancerRuleCmd.getNetworkId
  if (!networkId) throw badRequest(`IP address ID=${ip.id} is not associated with any network`);
  const network = ctx.data.networks.get(ctx.owner, networkId);
  if (!network) throw badRequest(`Unable to find network by id ${networkId}`);
  const protocol = (str(b, "protocol") || "tcp").trim().toLowerCase();
  if (!PROTOCOLS.includes(protocol)) {
    throw badRequest(
      `Invalid protocol ${str(b, "protocol")}: the load balancer supports ${PROTOCOLS.join(", ")}`,
    );
  }
  // FirewallManagerImpl.validateFirewallRule, createPublicLoadBalancer
  const algorithm = portsAndAlgorithm(
    [
      [publicPort, `publicPort is an invalid value: ${publicPort}`],
      [privatePort, `privatePort is an invalid value: ${privatePort}`],
    ],
    algorithmText,
  );
  // LoadBalancingRulesManagerImpl.isLbServiceSupportedInNetwork: an internal-LB tier balances no public address
  if (ctx.store.catalogue("networkOfferings", network.networkOfferingId, network.regionId)?.internalLb)
    throw badRequest(`Scheme Public is not supported by the network offering of network ${network.name}`);
  // createPublicLoadBalancerRule: an address with static NAT takes no load-balancer rule
  if (ip.isStaticNat) throw conflict(`Can't do load balance on ip address: ${ip.ipAddress}`);
  if (ip.isSourceNat && ip.vpcId) {
    // CloudStack keeps a VPC's source-NAT address for the VPC router (its UI offers no load balancing there)
    throw badRequest(
      `Unable to create load balancer rule: ip address ${ip.ipAddress} is the source NAT address of its VPC`,
      "Acquire another address for the VPC (POST /public-ips with vpcId) and balance on that",
    );
  }
  // a VPC address is assigned to the tier on its first rule; it serves one tier only
  if (!ip.networkId && !(ip.vpcId && network.vpcId === ip.vpcId))
    throw badRequest(`Ip address ${ip.ipAddress} is not assigned to the network ${network.name}`);
  const lbNetwork = ip.networkId ?? network.id;
  const fields = {
    name,
    description: str(b, "description") ?? "",
    publicIpId: ip.id,
    publicPort,
    privatePort,
    protocol,
    algorithm,
    networkId: lbNetwork,
  };
  const answer = createBalancer(
    ctx,
    ctx.data.loadBalancerRules,
    fields,
    { onAddress: rulesOnAddress(ctx.data.loadBalancerRules, ip.id), portOf: (r) => r.publicPort },
    "createLoadBalancerRule",
  );
  if (!ip.networkId) ctx.data.publicIps.update(ip, { networkId: lbNetwork });
  return answer;
}

/**
 * GET: listLoadBalancerRules (filters publicIpId, networkId, name, id, keyword). PUT /loadbalancer/rules/{id}: updateLoadBalancerRule (name, description, algorithm), a job. DELETE:
 * deleteLoadBalancerRule (`Revoke` until gone). Members under /instances: assignToLoadBalancerRule,
 * removeFromLoadBalancerRule, listLoadBalancerRuleInstances. A rule whose create failed is removed
 * (createPublicLoadBalancer's finally → removeLBRule).
 */
const rules = balancerHandlers({
  repo: (data) => data.loadBalancerRules,
  view: ruleView,
  listKey: "loadbalancerrule",
  filters: { publicIpId: "publicIpId", networkId: "networkId", name: "name", id: "id" },
  keywordIn: ["name", "description"],
  changes: body,
  commands: { create: "createLoadBalancerRule", delete: "deleteLoadBalancerRule" },
  drop: (data, id) => dropLoadBalancerRules(data, (r) => r.id === id),
});
export const { get, list, update, remove, members, jobEffects: loadBalancerRuleJobEffects } = rules;
