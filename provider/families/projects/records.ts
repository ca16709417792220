// The records of the projects family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { str } from "../../client/records";

export const ProjectSchema = z.looseObject({
  id: z.string(),
  name: str(),
  displayText: str(),
  state: str(),
  owner: str(),
  created: str(),
});
export type Project = z.output<typeof ProjectSchema>;
