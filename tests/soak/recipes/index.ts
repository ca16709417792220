// Per kind, how the soak draws it: what it stands on (tiers in VPCs, rules in lists, members on balancers,
// snapshots of attached volumes, …), valid random values, and new values for some fields. Whether a new value
// is applied in place or replaces the resource is the kind's declaration's (generator.ts reads `change`).
import type { Recipe } from "../model";
import {
  backup,
  backupSchedule,
  cluster,
  fileSystem,
  instance,
  instanceSchedule,
  instanceSnapshot,
  volume,
  volumeSnapshot,
} from "./compute";
import {
  aclList,
  aclRule,
  internalLb,
  lbRule,
  network,
  publicIp,
  staticNat,
  vpc,
  vpcGateway,
} from "./network";
import { comment, groupVpc, image, named, tagSet, templatePermissions } from "./other";

export const RECIPES: Recipe[] = [
  vpc,
  network,
  aclList,
  aclRule,
  instance,
  volume,
  volumeSnapshot,
  instanceSnapshot,
  publicIp,
  staticNat,
  lbRule,
  internalLb,
  named("SshKeyPair", "key"),
  named("InstanceGroup", "grp"),
  named("Project", "prj"),
  named("MultiRegionGroup", "mrg"),
  groupVpc,
  comment,
  instanceSchedule,
  backupSchedule,
  fileSystem,
  cluster,
  image("Template"),
  image("Iso"),
  templatePermissions,
  tagSet,
  backup,
  vpcGateway,
];

export const recipeOf = (kind: string) => RECIPES.find((r) => r.kind === kind);
