// The registry of kinds: the one list. The provider (providerFor), the SDK's classes, the policy pack's type
// lists, the quota preflight, `pulumi-cim import` and the reference pages (docs/resources/) all come from here.
// Adding a kind: its module in its family's folder (provider/families/<family>/), one entry below.

import { backupSchedule } from "../families/backupSchedules/backupSchedule";
import { backup } from "../families/backups/backup";
import { comment } from "../families/comments/comment";
import { fileSystem } from "../families/fileSystems/fileSystem";
import { iso } from "../families/images/iso";
import { template } from "../families/images/template";
import { templatePermissions } from "../families/images/templatePermissions";
import { instanceGroup } from "../families/instanceGroups/instanceGroup";
import { instanceSchedule } from "../families/instanceSchedules/instanceSchedule";
import { instance } from "../families/instances/instance";
import { JOB_COMMANDS, kindOfCommand } from "../families/jobs";
import { kubernetesCluster } from "../families/kubernetes/kubernetesCluster";
import { internalLoadBalancer } from "../families/loadBalancers/internalLoadBalancer";
import { loadBalancerRule } from "../families/loadBalancers/loadBalancerRule";
import { multiRegionGroup } from "../families/multiRegions/multiRegionGroup";
import { multiRegionGroupVpc } from "../families/multiRegions/multiRegionGroupVpc";
import { networkAclList } from "../families/networkAcls/networkAclList";
import { networkAclRule } from "../families/networkAcls/networkAclRule";
import { network } from "../families/networks/network";
import { vpcGateway } from "../families/privateGateways/vpcGateway";
import { project } from "../families/projects/project";
import { publicIp } from "../families/publicIps/publicIp";
import { staticNat } from "../families/publicIps/staticNat";
import { instanceSnapshot } from "../families/snapshots/instanceSnapshot";
import { volumeSnapshot } from "../families/snapshots/volumeSnapshot";
import { sshKeyPair } from "../families/sshKeyPairs/sshKeyPair";
import { tags } from "../families/tags/tags";
import { volume } from "../families/volumes/volume";
import { vpc } from "../families/vpcs/vpc";
import { registerKinds } from "../lifecycle/registry";
import type { Kind } from "./define";

/** Every kind by name, in the order the docs list them. */
export const kinds = {
  Instance: instance,
  Volume: volume,
  Vpc: vpc,
  Network: network,
  NetworkAclList: networkAclList,
  NetworkAclRule: networkAclRule,
  BackupSchedule: backupSchedule,
  Backup: backup,
  InstanceSchedule: instanceSchedule,
  SshKeyPair: sshKeyPair,
  PublicIp: publicIp,
  StaticNat: staticNat,
  VolumeSnapshot: volumeSnapshot,
  InstanceSnapshot: instanceSnapshot,
  VpcGateway: vpcGateway,
  LoadBalancerRule: loadBalancerRule,
  InternalLoadBalancer: internalLoadBalancer,
  KubernetesCluster: kubernetesCluster,
  Tags: tags,
  Comment: comment,
  FileSystem: fileSystem,
  InstanceGroup: instanceGroup,
  MultiRegionGroup: multiRegionGroup,
  MultiRegionGroupVpc: multiRegionGroupVpc,
  Project: project,
  Template: template,
  TemplatePermissions: templatePermissions,
  Iso: iso,
} as const;

export type KindName = keyof typeof kinds;

for (const [name, kind] of Object.entries(kinds)) {
  if (kind.name !== name) throw new Error(`kind registry: ${name} is declared as ${kind.name}`);
  const both = Object.keys(kind.outputs).filter((o) => o === "region" || Object.hasOwn(kind.fields, o));
  if (both.length) throw new Error(`kind registry: ${name} declares ${both.join(", ")} as field and output`);
}
// which kinds start jobs follows from the commands' names (families/jobs.ts: startsJobs)
for (const command of Object.keys(JOB_COMMANDS)) {
  if (!Object.hasOwn(kinds, kindOfCommand(command)))
    throw new Error(
      `kind registry: job command ${command} names no kind (<kind>.<verb>, e.g. volume.resize)`,
    );
}

export const kindList: readonly Kind[] = Object.values(kinds) as Kind[];

// The engine finds the kind a reference names through its own registry (lifecycle/registry.ts), filled here.
registerKinds(kindList);

export function kindNamed(name: string): Kind | undefined {
  return Object.hasOwn(kinds, name) ? (kinds as Record<string, Kind>)[name] : undefined;
}

export type { Kind } from "./define";
