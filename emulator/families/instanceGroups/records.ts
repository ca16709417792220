// The instance-group family's records.
import type { Owned } from "../../records";

/** CloudStack's instance group (createInstanceGroup): a name per account and region; members name it by id. */
export interface InstanceGroupRec extends Owned {
  name: string;
}

declare module "../../records" {
  interface FamilyRecords {
    instanceGroups: InstanceGroupRec;
  }
}
