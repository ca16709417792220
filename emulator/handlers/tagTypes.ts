// The resource types of the generic tag endpoint, as the platform knows them: CloudStack's ResourceObjectType
// (api/src/main/java/com/cloud/server/ResourceTag.java), found case-insensitively as
// ResourceObjectType.getResourceObjectType finds it, each with whether createTags takes it (resourceTagsSupport).
// The API's own names of the types with a tag route (Instance, KubernetesCluster) are the families' (resources.ts).

/** Every type CloudStack declares, with whether it takes tags. */
export const PLATFORM_TAG_TYPES: Readonly<Record<string, boolean>> = {
  UserVm: true,
  Template: true,
  VnfTemplate: true,
  ISO: true,
  Volume: true,
  Snapshot: true,
  Backup: true,
  Network: true,
  DomainRouter: false,
  Nic: false,
  LoadBalancer: true,
  PortForwardingRule: true,
  FirewallRule: true,
  SecurityGroup: true,
  SecurityGroupRule: true,
  PublicIpAddress: true,
  Project: true,
  Account: true,
  Vpc: true,
  NetworkACL: true,
  StaticRoute: true,
  VMSnapshot: true,
  RemoteAccessVpn: true,
  Zone: false,
  ServiceOffering: false,
  Storage: false,
  PrivateGateway: false,
  NetworkACLList: false,
  VpnGateway: false,
  CustomerGateway: false,
  VpnConnection: false,
  User: true,
  DiskOffering: false,
  AutoScaleVmProfile: false,
  AutoScaleVmGroup: false,
  LBStickinessPolicy: false,
  LBHealthCheckPolicy: false,
  SnapshotPolicy: true,
  GuestOs: false,
  NetworkOffering: false,
  VpcOffering: true,
  Domain: false,
};

const byLowerCase = new Map(Object.keys(PLATFORM_TAG_TYPES).map((t) => [t.toLowerCase(), t]));

/** The platform's name of a type given in any case, or undefined for a type it does not know. */
export function platformTagType(given: string): string | undefined {
  return byLowerCase.get(given.toLowerCase());
}
