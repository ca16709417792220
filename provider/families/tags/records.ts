// The records of the tags family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { str } from "../../client/records";

export const TagSchema = z.looseObject({
  key: z.string(),
  value: z.string(),
  resourceId: str(),
  resourceType: str(),
});
export type Tag = z.output<typeof TagSchema>;
