// The registry of kinds: the one list. The provider (providerFor), the SDK's classes, the policy pack's type
// lists, the quota preflight, `pulumi-cim import` and the reference pages (docs/resources/) all come from here.
// Adding a kind: its module in this folder, one entry below.

import { registerKinds } from "../lifecycle/registry";
import { backup } from "./backup";
import { backupSchedule } from "./backupSchedule";
import { comment } from "./comment";
import type { Kind } from "./define";
import { fileSystem } from "./fileSystem";
import { instance } from "./instance";
import { instanceGroup } from "./instanceGroup";
import { instanceSchedule } from "./instanceSchedule";
import { instanceSnapshot } from "./instanceSnapshot";
import { internalLoadBalancer } from "./internalLoadBalancer";
import { iso } from "./iso";
import { kubernetesCluster } from "./kubernetesCluster";
import { loadBalancerRule } from "./loadBalancerRule";
import { multiRegionGroup } from "./multiRegionGroup";
import { multiRegionGroupVpc } from "./multiRegionGroupVpc";
import { network } from "./network";
import { networkAclList } from "./networkAclList";
import { networkAclRule } from "./networkAclRule";
import { project } from "./project";
import { publicIp } from "./publicIp";
import { sshKeyPair } from "./sshKeyPair";
import { staticNat } from "./staticNat";
import { tags } from "./tags";
import { template } from "./template";
import { templatePermissions } from "./templatePermissions";
import { volume } from "./volume";
import { volumeSnapshot } from "./volumeSnapshot";
import { vpc } from "./vpc";
import { vpcGateway } from "./vpcGateway";

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

export const kindList: readonly Kind[] = Object.values(kinds) as Kind[];

// The engine finds the kind a reference names through its own registry (lifecycle/registry.ts), filled here.
registerKinds(kindList);

export function kindNamed(name: string): Kind | undefined {
  return Object.hasOwn(kinds, name) ? (kinds as Record<string, Kind>)[name] : undefined;
}

export type { Kind } from "./define";
