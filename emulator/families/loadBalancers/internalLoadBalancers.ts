// Internal load balancers as CloudStack keeps them (createLoadBalancer with scheme Internal, listLoadBalancers,
// deleteLoadBalancer; members and name, description and algorithm through the commands both schemes share):
// ApplicationLoadBalancerManagerImpl.createApplicationLoadBalancer's checks with their texts. The spec shows only
// `POST /api/v1/loadbalancer/internal` with query parameters; the other routes and the shapes are written in
// emulator/README.md. Every change is a job; the balancer shows CloudStack's FirewallRule state meanwhile.

import type { Data } from "../../family";
import { body, query, reqInts, reqStr, str } from "../../handlers/input";
import { fieldsOf, taggedView } from "../../handlers/views";
import { badRequest, conflict } from "../../http";
import { contains, parseCidr, parseIp } from "../../net";
import { allocate, usedAddresses } from "../networks/guestAddresses";
import type { NetworkRec } from "../networks/records";
import { balancerHandlers, createBalancer, type LCtx, portsAndAlgorithm } from "./balancers";
import type { InternalLoadBalancerRec } from "./records";

function view(ctx: LCtx, lb: InternalLoadBalancerRec) {
  const net = ctx.data.networks.byId(lb.networkId);
  return {
    ...fieldsOf(lb, ["id", "name", "description"]),
    scheme: "Internal",
    sourceIpAddress: lb.sourceIp,
    sourceIpAddressNetworkId: lb.sourceIpNetworkId,
    networkId: lb.networkId,
    vpcId: net?.vpcId ?? "",
    zoneId: net?.zoneId ?? "",
    // CloudStack's ApplicationLoadBalancerResponse: one rule per balancer here, ports as text
    sourcePort: String(lb.sourcePort),
    instancePort: String(lb.instancePort),
    ...fieldsOf(lb, ["algorithm", "state"]),
    ...taggedView(lb),
  };
}

/** The guest network a parameter names, with createApplicationLoadBalancer's refusal when it is unknown. */
function guestNetwork(ctx: LCtx, id: string, what: string): NetworkRec {
  const net = ctx.data.networks.get(ctx.owner, id);
  if (!net || ctx.data.networks.isGone(net)) throw badRequest(`Can't find ${what} by id`, `${what} ${id}`);
  return net;
}

/** validateLbRule: the tier's offering must carry the Lb service with the Internal scheme. */
function requireInternalLbTier(ctx: LCtx, net: NetworkRec): void {
  const offering = ctx.store.catalogue("networkOfferings", net.networkOfferingId, net.regionId);
  if (!net.vpcId || !offering?.internalLb) {
    throw badRequest(
      `Scheme Internal is not supported by the network offering of network ${net.name}`,
      'Create the tier in a VPC with the network offering "VPC Tier with Internal LB" (GET /api/v1/offerings/network, internalLb: true)',
    );
  }
}

/**
 * getSourceIp: a requested address must lie in the tier's CIDR; one another internal load balancer of the tier
 * holds is shared with it (the port check then decides), one a NIC holds is refused; none asked: the next free.
 */
function sourceIpOf(ctx: LCtx, net: NetworkRec, requested: string | undefined): string {
  if (requested === undefined || requested.trim() === "")
    return allocate(net, usedAddresses(ctx.data, net.id));
  const ip = parseIp(requested.trim());
  if (ip === undefined) throw badRequest(`Invalid IP address: ${requested}`);
  const text = requested.trim();
  const sharing = ctx.data.internalLoadBalancers.where(
    (l) => l.sourceIpNetworkId === net.id && l.sourceIp === text && l.state !== "Revoke",
  );
  if (sharing.length) return text;
  if (!contains(parseCidr(net.cidr)!, ip))
    throw badRequest("The requested IP is not in the network's CIDR subnet.", `cidr=${net.cidr}`);
  // IpAddressManager.acquireGuestIpAddress: a taken address (a NIC's, the gateway) is not handed out
  if (usedAddresses(ctx.data, net.id).has(ip) || text === net.gateway)
    throw conflict(`The requested IP ${text} is already in use on network ${net.name}`);
  return text;
}

/** POST /loadbalancer/internal (query parameters): createLoadBalancer with scheme Internal, a job. */
export function create(ctx: LCtx) {
  const q = query(ctx);
  const name = reqStr(q, "name");
  const scheme = str(q, "scheme");
  // ApplicationLoadBalancerManagerImpl: "Only Internal scheme is supported in this release"
  if (scheme !== undefined && scheme.trim().toLowerCase() !== "internal")
    throw badRequest("Only scheme of type Internal is supported");
  const { sourcePort, instancePort } = reqInts(q, "sourcePort", "instancePort");
  const algorithmText = reqStr(q, "algorithm");
  const net = guestNetwork(ctx, reqStr(q, "networkId"), "guest network");
  const sourceNet = guestNetwork(ctx, str(q, "sourceIpAddressNetworkId") || net.id, "source ip network");
  requireInternalLbTier(ctx, net);
  const algorithm = portsAndAlgorithm(
    [
      [instancePort, `Invalid value for instance port: ${instancePort}`],
      [sourcePort, `Invalid value for source port: ${sourcePort}`],
    ],
    algorithmText,
  );
  if (sourceNet.vpcId !== net.vpcId)
    throw badRequest(`Source ip network ${sourceNet.name} is not in the VPC of network ${net.name}`);
  const sourceIp = sourceIpOf(ctx, sourceNet, str(q, "sourceIpAddress"));
  // detectInternalLbRulesConflict
  const onAddress = ctx.data.internalLoadBalancers.where(
    (l) => l.sourceIpNetworkId === sourceNet.id && l.sourceIp === sourceIp && l.state !== "Revoke",
  );
  const fields = {
    name,
    description: str(q, "description") ?? "",
    networkId: net.id,
    sourceIpNetworkId: sourceNet.id,
    sourceIp,
    sourcePort,
    instancePort,
    algorithm,
  };
  const conflicts = { onAddress, portOf: (l: InternalLoadBalancerRec) => l.sourcePort };
  return createBalancer(ctx, ctx.data.internalLoadBalancers, fields, conflicts, "createLoadBalancer");
}

/**
 * GET: listLoadBalancers (filters id, name, sourceIpAddress, sourceIpAddressNetworkId, networkId, keyword). PUT
 * /loadbalancer/internal/{id}: updateLoadBalancerRule (name, description, algorithm; query or body). DELETE:
 * deleteLoadBalancer (`Revoke` until gone). Members under /instances. A balancer whose apply failed is removed
 * with its source address (persistLbRule's finally).
 */
const internal = balancerHandlers({
  repo: (data) => data.internalLoadBalancers,
  view,
  listKey: "loadbalancer",
  filters: {
    id: "id",
    name: "name",
    sourceIpAddress: "sourceIp",
    sourceIpAddressNetworkId: "sourceIpNetworkId",
    networkId: "networkId",
  },
  keywordIn: ["name", "description"],
  changes: (ctx) => ({ ...query(ctx), ...body(ctx) }),
  commands: { create: "createLoadBalancer", delete: "deleteLoadBalancer" },
  drop: (data, id) => void data.internalLoadBalancers.delete(id),
});
export const { get, list, update, remove, members, jobEffects: internalLoadBalancerJobEffects } = internal;

/** A tier that goes drops its internal load balancers (their source addresses go back to the pool). */
export function dropInternalLoadBalancersOf(data: Data<"internalLoadBalancers">, networkId: string) {
  const lbs = data.internalLoadBalancers.where(
    (l) => l.networkId === networkId || l.sourceIpNetworkId === networkId,
  );
  for (const lb of lbs) data.internalLoadBalancers.delete(lb.id);
}
