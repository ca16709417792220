// Comments' records (CloudStack's AnnotationVO).
import type { Owned } from "../../records";

export interface AnnotationRec extends Owned {
  entityType: string;
  entityId: string;
  annotation: string;
  adminsOnly: boolean;
  username: string;
}

declare module "../../records" {
  interface FamilyRecords {
    annotations: AnnotationRec;
  }
}
