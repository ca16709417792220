// Generated from the doc comments of sdk/lookups/*.ts by `npm run generate`; do not edit.
// The native path's lookups (lookupInvoke.ts: each an invoke of the plugin's function `cim:index:<name>`), one
// export per lookup so that an editor shows the lookup's documentation (a name a module exports gets no doc from
// the object it is read from); each one's type is nativeLookups' (NativeLookup of the SDK's function).

import { nativeLookups } from "./lookupInvoke";

// The records and queries are the SDK's. Not LookupError: a native lookup's failure comes back from the plugin
// as the invoke's error (with the same message), never as that class.
export type * from "../lookups";
export type { NativeLookup, NativeLookupOptions } from "./lookupInvoke";

/**
 * Audit rows, newest first: `since`/`until` (a window, bounds included), `resourceType`, `resourceId`, `user`,
 * `method`, `keyword` (part of the request path), `maxEntries`. Not cached.
 *
 * ```ts
 * import * as cim from "pulumi-cim";
 *
 * export = async () => {
 *   const started = new Date();
 *   // … the resources of the program …
 *   const changes = await cim.getAuditEntries({ since: started });
 *   return { changes: changes.length };
 * };
 * ```
 */
export const getAuditEntries = nativeLookups.getAuditEntries;

/**
 * One backup by name or id, e.g. `cim.getBackup({ name: "db-before-upgrade", instanceId })`; a miss lists the
 * candidates (name and id).
 */
export const getBackup = nativeLookups.getBackup;

/**
 * One backup offering by name (e.g. `Standard`) or id, for an instance's `backupOfferingId`. Give `zoneId`
 * (the instance's zone): the same name in several zones is ambiguous without it.
 */
export const getBackupOffering = nativeLookups.getBackupOffering;

/**
 * The backup offerings of a region (those that allow user backups), optionally of one zone.
 */
export const getBackupOfferings = nativeLookups.getBackupOfferings;

/**
 * The backups of a region (GET /api/v1/backups), optionally of one instance (`instanceId`). Not cached.
 */
export const getBackups = nativeLookups.getBackups;

/**
 * One comment on a resource, by `id` or `text`; a miss lists the resource's comments (text and id).
 */
export const getComment = nativeLookups.getComment;

/**
 * The comments on one resource (every one of the account, admins-only ones included), oldest first, e.g.
 * `await cim.getComments({ volumeId: data.id })` in an async program. Not cached.
 */
export const getComments = nativeLookups.getComments;

/**
 * One compute offering by name (e.g. `Medium`) or id, optionally only among those of a zone.
 */
export const getComputeOffering = nativeLookups.getComputeOffering;

/**
 * The compute offerings of a region, optionally only those available in one zone (filtered here).
 */
export const getComputeOfferings = nativeLookups.getComputeOfferings;

/**
 * The region resources land in when they name none: `cim:region` (or `CIM_REGION`) when set, else the API's
 * default, the primary region if one exists and is active, otherwise the first active one.
 */
export const getDefaultRegion = nativeLookups.getDefaultRegion;

/**
 * One disk offering by name (e.g. `Custom`) or id.
 */
export const getDiskOffering = nativeLookups.getDiskOffering;

/**
 * The disk offerings of a region.
 */
export const getDiskOfferings = nativeLookups.getDiskOfferings;

/**
 * One shared file system by name or id, e.g. to mount a share another stack made:
 * `(await cim.getFileSystem("assets")).ipAddress`. A miss lists the candidates.
 */
export const getFileSystem = nativeLookups.getFileSystem;

/**
 * The shared file systems of a region, optionally of one network; Destroyed ones (not yet expunged) included.
 */
export const getFileSystems = nativeLookups.getFileSystems;

/**
 * One instance by host name or id, e.g. a `cim.Instance`'s offering as the platform reports it:
 * `web.id.apply((id) => cim.getInstance({ id }))` then `.cpuNumber`, `.memory`, `.serviceOfferingName`. By `id`
 * it reads that instance alone (a program may look up each of its thousands of instances); a name, or an id that
 * is not there, lists the region, and a miss lists the candidates (name and id).
 */
export const getInstance = nativeLookups.getInstance;

/**
 * One instance group by name or id, in `region` or in every region. A name in several regions is ambiguous (the
 * candidates show their regions): give `region`. Fails, naming the regions and why, when a region the API could
 * not read might hold the answer: by name always (a group of that name there could make the name ambiguous, or be
 * the one meant), by id when it was not found elsewhere.
 */
export const getInstanceGroup = nativeLookups.getInstanceGroup;

/**
 * The instance groups of every region (GET /api/v1/instance-groups), or of `region`. A region the API could not
 * read is in `failedRegions` (and a warning says so): check it before concluding that a group does not exist.
 */
export const getInstanceGroups = nativeLookups.getInstanceGroups;

/**
 * The instances of a region, Destroyed ones (not yet expunged) included. Not cached.
 */
export const getInstances = nativeLookups.getInstances;

/**
 * One instance schedule by name or id, e.g. `cim.getInstanceSchedule({ instanceId, name: "night-stop" })`; a
 * miss lists the candidates (name and id; a schedule made without a name shows as "(no name)").
 */
export const getInstanceSchedule = nativeLookups.getInstanceSchedule;

/**
 * The instance schedules of a region (GET /api/v1/compute/instances/schedules), optionally of one instance
 * (`instanceId`). Not cached.
 */
export const getInstanceSchedules = nativeLookups.getInstanceSchedules;

/**
 * One instance snapshot by name or id (names are unique per instance: give `instanceId` to narrow).
 */
export const getInstanceSnapshot = nativeLookups.getInstanceSnapshot;

/**
 * The instance snapshots of a region (GET /api/v1/vm-snapshots), optionally of one instance. Not cached.
 */
export const getInstanceSnapshots = nativeLookups.getInstanceSnapshots;

/**
 * One internal load balancer by name or id; a miss lists the candidates (name and id).
 */
export const getInternalLoadBalancer = nativeLookups.getInternalLoadBalancer;

/**
 * The account's internal load balancers in a region, with their members, read afresh each time.
 */
export const getInternalLoadBalancers = nativeLookups.getInternalLoadBalancers;

/**
 * Invitations (GET /api/v1/invitations): those to the user; with the `tenantContext` of an Admin membership,
 * those the organization sent. Filters: `state` (Pending, Completed, Declined, Expired), `tenantId`,
 * `activeOnly` (Pending ones).
 */
export const getInvitations = nativeLookups.getInvitations;

/**
 * One ISO by name or id; `filter` narrows where it is looked for.
 */
export const getIso = nativeLookups.getIso;

/**
 * The ISOs of a region: the platform's and the account's own (cim.Iso); cached like the templates.
 */
export const getIsos = nativeLookups.getIsos;

/**
 * One Kubernetes cluster by name or id; a miss lists the candidates (name and id).
 */
export const getKubernetesCluster = nativeLookups.getKubernetesCluster;

/**
 * The account's Kubernetes clusters in a region, read afresh each time.
 */
export const getKubernetesClusters = nativeLookups.getKubernetesClusters;

/**
 * One Kubernetes version by semantic version (`1.28.4`, or `v1.28.4`) or id, for a cluster's
 * `kubernetesVersionId`. A miss lists the candidates.
 */
export const getKubernetesVersion = nativeLookups.getKubernetesVersion;

/**
 * The Kubernetes versions clusters can run in a region (listKubernetesSupportedVersions), Disabled ones too.
 */
export const getKubernetesVersions = nativeLookups.getKubernetesVersions;

/**
 * One public load-balancer rule by name or id; a miss lists the candidates (name and id).
 */
export const getLoadBalancerRule = nativeLookups.getLoadBalancerRule;

/**
 * The account's public load-balancer rules in a region, with their members, read afresh each time.
 */
export const getLoadBalancerRules = nativeLookups.getLoadBalancerRules;

/**
 * The user's memberships (GET /api/v1/tenants/memberships): their ids are what `tenantContext` takes.
 */
export const getMemberships = nativeLookups.getMemberships;

/**
 * One multi-region group by name or id, in the lookup's region.
 */
export const getMultiRegionGroup = nativeLookups.getMultiRegionGroup;

/**
 * The multi-region groups of a region (GET /api/v1/multi-regions). Not cached.
 */
export const getMultiRegionGroups = nativeLookups.getMultiRegionGroups;

/**
 * The VPCs in multi-region groups of a region (the groups' region), optionally of one group, one VPC, or the VPCs
 * of one region (`vpcRegion`). Each member shows its VPC's region as `regionId`. Not cached.
 */
export const getMultiRegionGroupVpcs = nativeLookups.getMultiRegionGroupVpcs;

/**
 * The multi-region allowance (GET /api/v1/multi-regions/quota): `maxMultiRegions` groups, each of at most
 * `maxMultiRegionMembers` VPCs, and `currentMultiRegions` in use, every region together. Not cached.
 */
export const getMultiRegionQuota = nativeLookups.getMultiRegionQuota;

/**
 * The user's allowances and current usage (GET /api/v1/tenants/my-limits): `<kind>Limit` and `<kind>Count` for
 * instances, volumes, VPCs, networks, public IPs, volume snapshots and backups, counted over every region. Not
 * cached: it is a reading of the moment. A failure of a cause every lookup shares is reported once.
 */
export const getMyLimits = nativeLookups.getMyLimits;

/**
 * One network ACL list of a VPC by name (e.g. `default_deny`, which cannot be declared) or id; a miss lists
 * the VPC's lists as candidates. A VPC made by the same program: `vpc.id.apply((vpcId) =>
 * cim.getNetworkAclList({ vpcId, name: "default_deny" }))`.
 */
export const getNetworkAclList = nativeLookups.getNetworkAclList;

/**
 * The network ACL lists of a VPC (GET /api/v1/vpcs/{vpcId}/acl-lists): the platform's two default lists,
 * `default_allow` and `default_deny`, and the lists made in the VPC. Not cached: lists are the account's own
 * resources and change while programs run.
 */
export const getNetworkAclLists = nativeLookups.getNetworkAclLists;

/**
 * One rule of a network ACL list by its number or id; a miss lists the list's rules (number and id). E.g.
 * `cim.getNetworkAclRule({ aclId, number: 10 })`.
 */
export const getNetworkAclRule = nativeLookups.getNetworkAclRule;

/**
 * The rules of a network ACL list, in rule-number order, read afresh each time (not cached).
 */
export const getNetworkAclRules = nativeLookups.getNetworkAclRules;

/**
 * One network offering by name (e.g. `VPC Tier`) or id.
 */
export const getNetworkOffering = nativeLookups.getNetworkOffering;

/**
 * The network offerings of a region, optionally only those for VPC tiers (`forVpc: true`) or not.
 */
export const getNetworkOfferings = nativeLookups.getNetworkOfferings;

/**
 * One guest OS type by its description (e.g. `Ubuntu 22.04 (64-bit)`, the API's `name` too) or id.
 */
export const getOsType = nativeLookups.getOsType;

/**
 * The guest OS types (CloudStack's listOsTypes), for a template's or ISO's `osTypeId`.
 */
export const getOsTypes = nativeLookups.getOsTypes;

/**
 * The signed-in user's console preferences (GET /api/v1/preferences): one object of text values.
 */
export const getPreferences = nativeLookups.getPreferences;

/**
 * One project by name or id, e.g. for a template's permissions (a miss lists the candidates).
 */
export const getProject = nativeLookups.getProject;

/**
 * The projects of a region (GET /api/v1/projects). Not cached.
 */
export const getProjects = nativeLookups.getProjects;

/**
 * One public IP address by its address or id; a miss lists the candidates (address and id).
 */
export const getPublicIp = nativeLookups.getPublicIp;

/**
 * The account's public IP addresses in a region (optionally of one VPC or network), read afresh each time:
 * addresses are acquired and released, unlike the catalogues.
 */
export const getPublicIps = nativeLookups.getPublicIps;

/**
 * One region by name (e.g. `de-fra-1`) or id.
 */
export const getRegion = nativeLookups.getRegion;

/**
 * Every region of the API (not region-scoped).
 */
export const getRegions = nativeLookups.getRegions;

/**
 * The static NAT of one public address, by the address or its id: the instance and network it maps onto. An
 * address without static NAT is a miss, which lists the addresses that have one (address and id).
 */
export const getStaticNat = nativeLookups.getStaticNat;

/**
 * The static NATs of a region (optionally of one VPC, network or instance): which public address maps onto
 * which instance and NIC. Read afresh each time.
 */
export const getStaticNats = nativeLookups.getStaticNats;

/**
 * One template by name (e.g. `Ubuntu 22.04 LTS`) or id; `filter` narrows where it is looked for.
 */
export const getTemplate = nativeLookups.getTemplate;

/**
 * The templates of a region: the platform's and the account's own (registered with cim.Template). Read once per
 * process and cached: a template the same program registers is not there yet when the program starts, so refer
 * to it through its resource (`template.id`), not by a lookup.
 */
export const getTemplates = nativeLookups.getTemplates;

/**
 * One of the user's organizations by name or id (a miss lists the candidates).
 */
export const getTenant = nativeLookups.getTenant;

/**
 * The members of an organization the user belongs to (GET /api/v1/tenants/{id}/members), with their roles.
 */
export const getTenantMembers = nativeLookups.getTenantMembers;

/**
 * The organizations the user belongs to (GET /api/v1/tenants), each with the user's `membershipId` and `role`;
 * with `tenantContext`, only that membership's organization.
 */
export const getTenants = nativeLookups.getTenants;

/**
 * One volume snapshot by name or id, e.g. to restore it: `new cim.Volume("restored", { snapshotId:
 * (await cim.getVolumeSnapshot({ name: "nightly" })).id, … })`. A miss lists the candidates.
 */
export const getVolumeSnapshot = nativeLookups.getVolumeSnapshot;

/**
 * The volume snapshots of a region (GET /api/v1/snapshots), optionally of one volume. Not cached: snapshots
 * are the account's own resources and change while programs run.
 */
export const getVolumeSnapshots = nativeLookups.getVolumeSnapshots;

/**
 * One private gateway of a VPC by its address or id; a miss lists the VPC's gateways (address and id).
 */
export const getVpcGateway = nativeLookups.getVpcGateway;

/**
 * The private gateways of a VPC (GET /api/v1/vpcs/private-gateways?vpcId=), read afresh each time.
 */
export const getVpcGateways = nativeLookups.getVpcGateways;

/**
 * One VPC offering by name (e.g. `Default VPC`) or id.
 */
export const getVpcOffering = nativeLookups.getVpcOffering;

/**
 * The VPC offerings of a region.
 */
export const getVpcOfferings = nativeLookups.getVpcOfferings;

/**
 * One zone by name (e.g. `de-fra-1a`) or id.
 */
export const getZone = nativeLookups.getZone;

/**
 * The zones of a region.
 */
export const getZones = nativeLookups.getZones;
