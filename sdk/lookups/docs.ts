// Generated from the doc comments of sdk/lookups/*.ts by `npm run generate`; do not edit.
// Each lookup's description in the package schema (its function as a provider function).

export const LOOKUP_DOCS: Record<string, string> = {
  getAuditEntries:
    'Audit rows, newest first: `since`/`until` (a window, bounds included), `resourceType`, `resourceId`, `user`,\n`method`, `keyword` (part of the request path), `maxEntries`. Not cached.\n\n```ts\nimport * as cim from "pulumi-cim";\n\nexport = async () => {\n  const started = new Date();\n  // … the resources of the program …\n  const changes = await cim.getAuditEntries({ since: started });\n  return { changes: changes.length };\n};\n```',
  getBackup:
    'One backup by name or id, e.g. `cim.getBackup({ name: "db-before-upgrade", instanceId })`; a miss lists the\ncandidates (name and id).',
  getBackupOffering:
    "One backup offering by name (e.g. `Standard`) or id, for an instance's `backupOfferingId`. Give `zoneId`\n(the instance's zone): the same name in several zones is ambiguous without it.",
  getBackupOfferings:
    "The backup offerings of a region (those that allow user backups), optionally of one zone.",
  getBackups:
    "The backups of a region (GET /api/v1/backups), optionally of one instance (`instanceId`). Not cached.",
  getComment:
    "One comment on a resource, by `id` or `text`; a miss lists the resource's comments (text and id).",
  getComments:
    "The comments on one resource (every one of the account, admins-only ones included), oldest first, e.g.\n`await cim.getComments({ volumeId: data.id })` in an async program. Not cached.",
  getComputeOffering:
    "One compute offering by name (e.g. `Medium`) or id, optionally only among those of a zone.",
  getComputeOfferings:
    "The compute offerings of a region, optionally only those available in one zone (filtered here).",
  getDefaultRegion:
    "The region resources land in when they name none: `cim:region` (or `CIM_REGION`) when set, else the API's\ndefault, the primary region if one exists and is active, otherwise the first active one.",
  getDiskOffering: "One disk offering by name (e.g. `Custom`) or id.",
  getDiskOfferings: "The disk offerings of a region.",
  getFileSystem:
    'One shared file system by name or id, e.g. to mount a share another stack made:\n`(await cim.getFileSystem("assets")).ipAddress`. A miss lists the candidates.',
  getFileSystems:
    "The shared file systems of a region, optionally of one network; Destroyed ones (not yet expunged) included.",
  getInstance:
    "One instance by host name or id, e.g. a `cim.Instance`'s offering as the platform reports it:\n`web.id.apply((id) => cim.getInstance({ id }))` then `.cpuNumber`, `.memory`, `.serviceOfferingName`. By `id`\nit reads that instance alone (a program may look up each of its thousands of instances); a name, or an id that\nis not there, lists the region, and a miss lists the candidates (name and id).",
  getInstanceGroup:
    "One instance group by name or id, in `region` or in every region. A name in several regions is ambiguous (the\ncandidates show their regions): give `region`. Fails, naming the regions and why, when a region the API could\nnot read might hold the answer: by name always (a group of that name there could make the name ambiguous, or be\nthe one meant), by id when it was not found elsewhere.",
  getInstanceGroups:
    "The instance groups of every region (GET /api/v1/instance-groups), or of `region`. A region the API could not\nread is in `failedRegions` (and a warning says so): check it before concluding that a group does not exist.",
  getInstances: "The instances of a region, Destroyed ones (not yet expunged) included. Not cached.",
  getInstanceSchedule:
    'One instance schedule by name or id, e.g. `cim.getInstanceSchedule({ instanceId, name: "night-stop" })`; a\nmiss lists the candidates (name and id; a schedule made without a name shows as "(no name)").',
  getInstanceSchedules:
    "The instance schedules of a region (GET /api/v1/compute/instances/schedules), optionally of one instance\n(`instanceId`). Not cached.",
  getInstanceSnapshot:
    "One instance snapshot by name or id (names are unique per instance: give `instanceId` to narrow).",
  getInstanceSnapshots:
    "The instance snapshots of a region (GET /api/v1/vm-snapshots), optionally of one instance. Not cached.",
  getInternalLoadBalancer:
    "One internal load balancer by name or id; a miss lists the candidates (name and id).",
  getInternalLoadBalancers:
    "The account's internal load balancers in a region, with their members, read afresh each time.",
  getInvitations:
    "Invitations (GET /api/v1/invitations): those to the user; with the `tenantContext` of an Admin membership,\nthose the organization sent. Filters: `state` (Pending, Completed, Declined, Expired), `tenantId`,\n`activeOnly` (Pending ones).",
  getIso: "One ISO by name or id; `filter` narrows where it is looked for.",
  getIsos: "The ISOs of a region: the platform's and the account's own (cim.Iso); cached like the templates.",
  getKubernetesCluster: "One Kubernetes cluster by name or id; a miss lists the candidates (name and id).",
  getKubernetesClusters: "The account's Kubernetes clusters in a region, read afresh each time.",
  getKubernetesVersion:
    "One Kubernetes version by semantic version (`1.28.4`, or `v1.28.4`) or id, for a cluster's\n`kubernetesVersionId`. A miss lists the candidates.",
  getKubernetesVersions:
    "The Kubernetes versions clusters can run in a region (listKubernetesSupportedVersions), Disabled ones too.",
  getLoadBalancerRule:
    "One public load-balancer rule by name or id; a miss lists the candidates (name and id).",
  getLoadBalancerRules:
    "The account's public load-balancer rules in a region, with their members, read afresh each time.",
  getMemberships:
    "The user's memberships (GET /api/v1/tenants/memberships): their ids are what `tenantContext` takes.",
  getMultiRegionGroup: "One multi-region group by name or id, in the lookup's region.",
  getMultiRegionGroups: "The multi-region groups of a region (GET /api/v1/multi-regions). Not cached.",
  getMultiRegionGroupVpcs:
    "The VPCs in multi-region groups of a region (the groups' region), optionally of one group, one VPC, or the VPCs\nof one region (`vpcRegion`). Each member shows its VPC's region as `regionId`. Not cached.",
  getMultiRegionQuota:
    "The multi-region allowance (GET /api/v1/multi-regions/quota): `maxMultiRegions` groups, each of at most\n`maxMultiRegionMembers` VPCs, and `currentMultiRegions` in use, every region together. Not cached.",
  getMyLimits:
    "The user's allowances and current usage (GET /api/v1/tenants/my-limits): `<kind>Limit` and `<kind>Count` for\ninstances, volumes, VPCs, networks, public IPs, volume snapshots and backups, counted over every region. Not\ncached: it is a reading of the moment. A failure of a cause every lookup shares is reported once.",
  getNetworkAclList:
    'One network ACL list of a VPC by name (e.g. `default_deny`, which cannot be declared) or id; a miss lists\nthe VPC\'s lists as candidates. A VPC made by the same program: `vpc.id.apply((vpcId) =>\ncim.getNetworkAclList({ vpcId, name: "default_deny" }))`.',
  getNetworkAclLists:
    "The network ACL lists of a VPC (GET /api/v1/vpcs/{vpcId}/acl-lists): the platform's two default lists,\n`default_allow` and `default_deny`, and the lists made in the VPC. Not cached: lists are the account's own\nresources and change while programs run.",
  getNetworkAclRule:
    "One rule of a network ACL list by its number or id; a miss lists the list's rules (number and id). E.g.\n`cim.getNetworkAclRule({ aclId, number: 10 })`.",
  getNetworkAclRules:
    "The rules of a network ACL list, in rule-number order, read afresh each time (not cached).",
  getNetworkOffering: "One network offering by name (e.g. `VPC Tier`) or id.",
  getNetworkOfferings:
    "The network offerings of a region, optionally only those for VPC tiers (`forVpc: true`) or not.",
  getOsType:
    "One guest OS type by its description (e.g. `Ubuntu 22.04 (64-bit)`, the API's `name` too) or id.",
  getOsTypes: "The guest OS types (CloudStack's listOsTypes), for a template's or ISO's `osTypeId`.",
  getPreferences:
    "The signed-in user's console preferences (GET /api/v1/preferences): one object of text values.",
  getProject: "One project by name or id, e.g. for a template's permissions (a miss lists the candidates).",
  getProjects: "The projects of a region (GET /api/v1/projects). Not cached.",
  getPublicIp: "One public IP address by its address or id; a miss lists the candidates (address and id).",
  getPublicIps:
    "The account's public IP addresses in a region (optionally of one VPC or network), read afresh each time:\naddresses are acquired and released, unlike the catalogues.",
  getRegion: "One region by name (e.g. `de-fra-1`) or id.",
  getRegions: "Every region of the API (not region-scoped).",
  getStaticNat:
    "The static NAT of one public address, by the address or its id: the instance and network it maps onto. An\naddress without static NAT is a miss, which lists the addresses that have one (address and id).",
  getStaticNats:
    "The static NATs of a region (optionally of one VPC, network or instance): which public address maps onto\nwhich instance and NIC. Read afresh each time.",
  getTemplate:
    "One template by name (e.g. `Ubuntu 22.04 LTS`) or id; `filter` narrows where it is looked for.",
  getTemplates:
    "The templates of a region: the platform's and the account's own (registered with cim.Template). Read once per\nprocess and cached: a template the same program registers is not there yet when the program starts, so refer\nto it through its resource (`template.id`), not by a lookup.",
  getTenant: "One of the user's organizations by name or id (a miss lists the candidates).",
  getTenantMembers:
    "The members of an organization the user belongs to (GET /api/v1/tenants/{id}/members), with their roles.",
  getTenants:
    "The organizations the user belongs to (GET /api/v1/tenants), each with the user's `membershipId` and `role`;\nwith `tenantContext`, only that membership's organization.",
  getVolumeSnapshot:
    'One volume snapshot by name or id, e.g. to restore it: `new cim.Volume("restored", { snapshotId:\n(await cim.getVolumeSnapshot({ name: "nightly" })).id, … })`. A miss lists the candidates.',
  getVolumeSnapshots:
    "The volume snapshots of a region (GET /api/v1/snapshots), optionally of one volume. Not cached: snapshots\nare the account's own resources and change while programs run.",
  getVpcGateway:
    "One private gateway of a VPC by its address or id; a miss lists the VPC's gateways (address and id).",
  getVpcGateways:
    "The private gateways of a VPC (GET /api/v1/vpcs/private-gateways?vpcId=), read afresh each time.",
  getVpcOffering: "One VPC offering by name (e.g. `Default VPC`) or id.",
  getVpcOfferings: "The VPC offerings of a region.",
  getZone: "One zone by name (e.g. `de-fra-1a`) or id.",
  getZones: "The zones of a region.",
};
