// The records of the comments family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { bool, str } from "../../client/records";

/**
 * A comment (the spec's annotation) as CloudStack's AnnotationResponse shows it (emulator/README.md): `entityType`
 * the platform's (VOLUME, NETWORK, PUBLIC_IP_ADDRESS, VPC, KUBERNETES_CLUSTER).
 */
export const CommentSchema = z
  .looseObject({
    id: z.string().describe("The comment's id (`cim.Comment`)."),
    entityId: str().describe("The id of the resource the comment is on."),
    entityType: str().describe("The commented resource's type: `VOLUME`, `NETWORK`, `PUBLIC_IP_ADDRESS`, `VPC` or `KUBERNETES_CLUSTER`."),
    entityName: str().describe("The name of the resource the comment is on (for a public IP, its address)."),
    annotation: z.string().describe("The comment's text, at most 255 characters."),
    adminsOnly: bool().describe("Whether the comment is marked for the platform's administrators only."),
    username: str().describe("The user who wrote the comment."),
    created: str().describe("When the comment was written (an ISO 8601 date-time)."),
  })
  .describe("A comment on a resource (a volume, network, public IP, VPC or Kubernetes cluster), as `cim.Comment` writes one.");
export type Comment = z.output<typeof CommentSchema>;
