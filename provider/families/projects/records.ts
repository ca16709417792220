// The records of the projects family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { str } from "../../client/records";

export const ProjectSchema = z
  .looseObject({
    id: z.string().describe("The project's id (`cim.Project`), valid in its region only."),
    name: str().describe("The project's name, unique in the account and region."),
    displayText: str().describe("The project's description; the API uses the name when none was given."),
    state: str().describe("The project's state, as the platform reports it: `Active`, `Disabled` or `Suspended`."),
    owner: str().describe("The user whose account owns the project."),
    created: str().describe("When the project was created (an ISO 8601 date-time)."),
  })
  .describe("A project: a named grouping of work in a region (`cim.Project`).");
export type Project = z.output<typeof ProjectSchema>;
