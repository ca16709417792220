// Projects, by name or id, read afresh (data the service keeps; cim.Project is the resource class).

import { asQuery, fresh, type LookupQuery, type LookupRegionOptions, pick } from "./core";
import type { Project } from "./records";

/** A project as the API shows it (`cim.Project` is the resource class). */
export type ProjectInfo = Project;

const projects = (opts: LookupRegionOptions | undefined) =>
  fresh(opts, (c, region) => c.projects.listAll({ region }));

/** The projects of a region (GET /api/v1/projects). Not cached. */
export async function getProjects(opts?: LookupRegionOptions): Promise<Project[]> {
  return (await projects(opts)).rows;
}

/** One project by name or id, e.g. for a template's permissions (a miss lists the candidates). */
export async function getProject(query: LookupQuery | string): Promise<Project> {
  const { rows, where } = await projects(asQuery(query));
  return pick(rows, query, "project", where);
}
