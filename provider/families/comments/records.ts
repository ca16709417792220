// The records of the comments family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { bool, str } from "../../client/records";

/**
 * A comment (the spec's annotation) as CloudStack's AnnotationResponse shows it (emulator/README.md): `entityType`
 * the platform's (VOLUME, NETWORK, PUBLIC_IP_ADDRESS, VPC, KUBERNETES_CLUSTER).
 */
export const CommentSchema = z.looseObject({
  id: z.string(),
  entityId: str(),
  entityType: str(),
  entityName: str(),
  annotation: z.string(),
  adminsOnly: bool(),
  username: str(),
  created: str(),
});
export type Comment = z.output<typeof CommentSchema>;
