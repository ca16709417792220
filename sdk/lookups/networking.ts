// Networking lookups: network ACL lists and their rules, public IP addresses and their static NAT, VPC private
// gateways, public load-balancer rules and internal load balancers. They are the account's own records, read
// afresh each time (not cached).
import { staticNatOf } from "../../provider/client";
import { fresh, type LookupQuery, type LookupRegionOptions, pick, pickBy, type Row } from "./core";
import type {
  AclList,
  InternalLoadBalancer,
  LoadBalancerRule,
  NetworkAclRule,
  PrivateGateway,
  PublicIp,
  StaticNat,
} from "./records";

// ------------------------------------------------------------------------------------------ network ACLs

/** Which network ACL list: by `name` or `id`, within one VPC. */
export interface NetworkAclListQuery extends LookupQuery {
  /** The VPC (its id; a `cim.Vpc`'s `id` output inside `apply`). */
  vpcId: string;
}

/** The ACL lists of a VPC (GET /api/v1/vpcs/{vpcId}/acl-lists), and where they were read. */
function aclLists(opts: LookupRegionOptions & { vpcId: string }) {
  return fresh(opts, (c, region) => c.vpcs.aclLists(opts.vpcId, { region }));
}

/**
 * The network ACL lists of a VPC (GET /api/v1/vpcs/{vpcId}/acl-lists): the platform's two default lists,
 * `default_allow` and `default_deny`, and the lists made in the VPC. Not cached: lists are the account's own
 * resources and change while programs run.
 */
export async function getNetworkAclLists(opts: LookupRegionOptions & { vpcId: string }): Promise<AclList[]> {
  return (await aclLists(opts)).rows;
}

/**
 * One network ACL list of a VPC by name (e.g. `default_deny`, which cannot be declared) or id; a miss lists
 * the VPC's lists as candidates. A VPC made by the same program: `vpc.id.apply((vpcId) =>
 * cim.getNetworkAclList({ vpcId, name: "default_deny" }))`.
 */
export async function getNetworkAclList(query: NetworkAclListQuery): Promise<AclList> {
  const { rows, where } = await aclLists(query);
  return pick(rows, query, "network ACL list", `VPC ${query.vpcId}, ${where}`);
}

/** A network ACL rule as the API shows it (`cim.NetworkAclRule` is the resource class). */
export type NetworkAclRuleRecord = NetworkAclRule;

/** Which rule of a list: exactly one of `number` (its place in the list, unique there) or `id`. */
export interface NetworkAclRuleQuery extends LookupRegionOptions {
  /** The list (a `cim.NetworkAclList`'s id, or a default list's from `cim.getNetworkAclList`). */
  aclId: string;
  number?: number;
  id?: string;
}

/** The rules of one list (GET /api/v1/network-acls/rules?aclId=), in rule-number order. */
async function aclRules(opts: LookupRegionOptions & { aclId: string }) {
  const read = await fresh(opts, (c, region) => c.networkAcls.listAllRules({ region, aclId: opts.aclId }));
  read.rows.sort((a, b) => (a.number ?? Infinity) - (b.number ?? Infinity));
  return read;
}

/** The rules of a network ACL list, in rule-number order, read afresh each time (not cached). */
export async function getNetworkAclRules(
  opts: LookupRegionOptions & { aclId: string },
): Promise<NetworkAclRuleRecord[]> {
  return (await aclRules(opts)).rows;
}

/**
 * One rule of a network ACL list by its number or id; a miss lists the list's rules (number and id). E.g.
 * `cim.getNetworkAclRule({ aclId, number: 10 })`.
 */
export async function getNetworkAclRule(query: NetworkAclRuleQuery): Promise<NetworkAclRuleRecord> {
  const { rows, where } = await aclRules(query);
  // a rule is named by its number
  const asked = { id: query.id, name: query.number === undefined ? undefined : String(query.number) };
  const numberOf = (r: NetworkAclRule) => (r.number === undefined ? undefined : String(r.number));
  return pickBy(rows, numberOf, asked, "network ACL rule", `list ${query.aclId}, ${where}`);
}

// ------------------------------------------------------------------------------------------ public IPs

/** A public IP address as the API shows it (the lookups' record; `cim.PublicIp` is the resource class). */
export type PublicIpAddress = PublicIp;

/** Which addresses: those of one VPC or one (isolated) network; with or without static NAT. */
export interface PublicIpFilter extends LookupRegionOptions {
  vpcId?: string;
  networkId?: string;
  /** true: only addresses mapped one to one onto an instance (static NAT); false: only the others. */
  isStaticNat?: boolean;
}

/** Which address: exactly one of `address` (e.g. `198.18.0.7`) or `id`. */
export interface PublicIpQuery extends PublicIpFilter {
  address?: string;
  id?: string;
}

function publicIps(opts: PublicIpFilter | undefined) {
  return fresh(opts, (c, region) =>
    c.publicIps.listAll({
      region,
      vpcId: opts?.vpcId,
      associatedNetworkId: opts?.networkId,
      isStaticNat: opts?.isStaticNat,
    }),
  );
}

/**
 * The account's public IP addresses in a region (optionally of one VPC or network), read afresh each time:
 * addresses are acquired and released, unlike the catalogues.
 */
export async function getPublicIps(opts?: PublicIpFilter): Promise<PublicIpAddress[]> {
  return (await publicIps(opts)).rows;
}

/**
 * One record named by its public address (a string is the address or the id) among the rows `read` gives for
 * the query's filter; `idOf` says which field of the query is the id.
 */
async function pickByAddress<T extends Row & { ipAddress?: string }, Q extends { address?: string }>(
  query: Q | string,
  read: (q: Q) => Promise<{ rows: T[]; where: string }>,
  idOf: (q: Q) => string | undefined,
  what: string,
): Promise<T> {
  const q = (typeof query === "string" ? {} : query) as Q;
  const { rows, where } = await read(q);
  const asked = typeof query === "string" ? query : { id: idOf(q), name: q.address };
  return pickBy(rows, (r) => r.ipAddress, asked, what, where);
}

/** One public IP address by its address or id; a miss lists the candidates (address and id). */
export async function getPublicIp(query: PublicIpQuery | string): Promise<PublicIpAddress> {
  return pickByAddress(query, publicIps, (q) => q.id, "public IP");
}

// ------------------------------------------------------------------------------------------ static NAT

/**
 * An address's static NAT (`cim.StaticNat` is the resource class): its `id` and `ipAddress` are the address's,
 * `virtualMachineId` and `virtualMachineName` the instance it maps onto, `networkId` and `vmIpAddress` that
 * instance's NIC.
 */
export type StaticNatRecord = StaticNat;

/** Which static NATs: of one VPC or network, or onto one instance. */
export interface StaticNatFilter extends LookupRegionOptions {
  vpcId?: string;
  networkId?: string;
  /** Only the addresses mapped onto this instance (its id). */
  instanceId?: string;
}

/** Which static NAT: exactly one of `address` (the public address, e.g. `198.18.0.7`) or `publicIpId`. */
export interface StaticNatQuery extends StaticNatFilter {
  address?: string;
  publicIpId?: string;
}

/** The addresses that map onto an instance (the platform shows a static NAT on its address). */
async function staticNats(opts: StaticNatFilter | undefined) {
  const { rows, where } = await publicIps({ ...opts, isStaticNat: true });
  const nats = rows
    .map(staticNatOf)
    .filter((n) => n.state === "Enabled" && (!opts?.instanceId || n.virtualMachineId === opts.instanceId));
  return { rows: nats, where };
}

/**
 * The static NATs of a region (optionally of one VPC, network or instance): which public address maps onto
 * which instance and NIC. Read afresh each time.
 */
export async function getStaticNats(opts?: StaticNatFilter): Promise<StaticNatRecord[]> {
  return (await staticNats(opts)).rows;
}

/**
 * The static NAT of one public address, by the address or its id: the instance and network it maps onto. An
 * address without static NAT is a miss, which lists the addresses that have one (address and id).
 */
export async function getStaticNat(query: StaticNatQuery | string): Promise<StaticNatRecord> {
  return pickByAddress(query, staticNats, (q) => q.publicIpId, "static NAT");
}

// ------------------------------------------------------------------------------------- VPC gateways

/** Which private gateway of a VPC: exactly one of `address` (the VPC's address on it, e.g. `172.16.0.2`) or `id`. */
export interface VpcGatewayQuery extends LookupRegionOptions {
  /** The VPC (its id; a `cim.Vpc`'s `id` output inside `apply`). */
  vpcId: string;
  address?: string;
  id?: string;
}

function vpcGateways(opts: LookupRegionOptions & { vpcId: string }) {
  return fresh(opts, (c, region) => c.privateGateways.listAll({ region, vpcId: opts.vpcId }));
}

/** The private gateways of a VPC (GET /api/v1/vpcs/private-gateways?vpcId=), read afresh each time. */
export async function getVpcGateways(
  opts: LookupRegionOptions & { vpcId: string },
): Promise<PrivateGateway[]> {
  return (await vpcGateways(opts)).rows;
}

/** One private gateway of a VPC by its address or id; a miss lists the VPC's gateways (address and id). */
export async function getVpcGateway(query: VpcGatewayQuery): Promise<PrivateGateway> {
  const { rows, where } = await vpcGateways(query);
  // a gateway is named by its address
  const asked = { id: query.id, name: query.address };
  return pickBy(rows, (r) => r.ipAddress, asked, "VPC gateway", `VPC ${query.vpcId}, ${where}`);
}

// ------------------------------------------------------------------------------------------ load balancers

/** One balancer by name or id (a string is either) among the rows `read` gives for the query's filter. */
async function pickBalancer<T extends Row, Q extends LookupRegionOptions & { name?: string; id?: string }>(
  query: Q | string,
  read: (q: Q) => Promise<{ rows: T[]; where: string }>,
  what: string,
): Promise<T> {
  const q = (typeof query === "string" ? {} : query) as Q;
  const { rows, where } = await read(q);
  return pick(rows, typeof query === "string" ? query : { id: q.id, name: q.name }, what, where);
}

/** A public load-balancer rule as the API shows it, with its `memberIds` (`cim.LoadBalancerRule` is the class). */
export type LoadBalancerRuleRecord = LoadBalancerRule;

/** Which rules: those of one public IP or one network. */
export interface LoadBalancerRuleFilter extends LookupRegionOptions {
  publicIpId?: string;
  networkId?: string;
}

/** Which rule: its name or id. */
export interface LoadBalancerRuleQuery extends LoadBalancerRuleFilter {
  name?: string;
  id?: string;
}

function loadBalancerRules(opts: LoadBalancerRuleFilter | undefined) {
  return fresh(opts, (c, region) =>
    c.loadBalancers.listAll({ region, publicIpId: opts?.publicIpId, networkId: opts?.networkId }),
  );
}

/** The account's public load-balancer rules in a region, with their members, read afresh each time. */
export async function getLoadBalancerRules(opts?: LoadBalancerRuleFilter): Promise<LoadBalancerRuleRecord[]> {
  return (await loadBalancerRules(opts)).rows;
}

/** One public load-balancer rule by name or id; a miss lists the candidates (name and id). */
export async function getLoadBalancerRule(
  query: LoadBalancerRuleQuery | string,
): Promise<LoadBalancerRuleRecord> {
  return pickBalancer(query, loadBalancerRules, "load-balancer rule");
}

/** An internal load balancer as the API shows it, with its `memberIds` (`cim.InternalLoadBalancer` is the class). */
export type InternalLoadBalancerRecord = InternalLoadBalancer;

/** Which internal load balancers: those of one tier, or of one source address. */
export interface InternalLoadBalancerFilter extends LookupRegionOptions {
  networkId?: string;
  sourceIpAddress?: string;
}

/** Which internal load balancer: its name or id. */
export interface InternalLoadBalancerQuery extends InternalLoadBalancerFilter {
  name?: string;
  id?: string;
}

function internalLoadBalancers(opts: InternalLoadBalancerFilter | undefined) {
  return fresh(opts, (c, region) =>
    c.internalLoadBalancers.listAll({
      region,
      networkId: opts?.networkId,
      sourceIpAddress: opts?.sourceIpAddress,
    }),
  );
}

/** The account's internal load balancers in a region, with their members, read afresh each time. */
export async function getInternalLoadBalancers(
  opts?: InternalLoadBalancerFilter,
): Promise<InternalLoadBalancerRecord[]> {
  return (await internalLoadBalancers(opts)).rows;
}

/** One internal load balancer by name or id; a miss lists the candidates (name and id). */
export async function getInternalLoadBalancer(
  query: InternalLoadBalancerQuery | string,
): Promise<InternalLoadBalancerRecord> {
  return pickBalancer(query, internalLoadBalancers, "internal load balancer");
}
