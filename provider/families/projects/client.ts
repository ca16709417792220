// Projects: data the service keeps itself, so every change is synchronous ({id}, no job). The spec names them
// and shows no route: emulator/README.md has them, after CloudStack's createProject, listProjects,
// updateProject and deleteProject. Lost answers are resolved by re-reading: a create by the project's name, a
// change by its content, a delete by the project being gone.

import type { AcceptedMutation, CallOptions } from "../../client/core";
import { Family, type ListOptions, readOrUndefined } from "../../client/family";
import { type ListResult, Paginator } from "../../client/pagination";
import { apiPath } from "../../client/paths";
import { type InputOf, optional, requestShape, required } from "../../client/requestShape";
import { type Project, ProjectSchema } from "./records";

export const projectRequest = requestShape({
  name: required<string>(),
  /** Defaults to the name (as CloudStack's createProject does). */
  displayText: optional<string>(),
});
export type ProjectInput = InputOf<typeof projectRequest>;
/** A project's change: query parameters, what is left out stays. */
export const updateProjectRequest = requestShape({
  name: optional<string>(),
  displayText: optional<string>(),
});

export class Projects extends Family {
  async get(id: string, o?: CallOptions): Promise<Project> {
    return this.core.get(apiPath`/projects/${id}`, ProjectSchema, undefined, o);
  }

  /** The projects of the call's region (the paged envelope), optionally of one name. */
  list(o?: ListOptions & { name?: string }): Paginator<Project> {
    return new Paginator(this.core, {
      path: apiPath`/projects`,
      query: { name: o?.name },
      key: "content",
      item: ProjectSchema,
      options: o,
    });
  }

  async listAll(o?: ListOptions & { name?: string }): Promise<ListResult<Project>> {
    return this.list(o).all();
  }

  async create(input: ProjectInput, o?: CallOptions): Promise<AcceptedMutation> {
    const body = projectRequest.pick(input);
    return this.synchronous("POST", apiPath`/projects`, body, o, async () => {
      const found = await this.listAll({ ...o, name: input.name });
      return found.items.find((p) => p.name === input.name)?.id;
    });
  }

  async update(id: string, input: Partial<ProjectInput>, o?: CallOptions): Promise<Project> {
    const query = updateProjectRequest.pick(input);
    return this.putQuery(apiPath`/projects/${id}`, query, ProjectSchema, () => this.get(id, o), o);
  }

  async delete(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.synchronous("DELETE", apiPath`/projects/${id}`, undefined, o, async () =>
      (await readOrUndefined(() => this.get(id, o))) === undefined ? id : undefined,
    );
  }
}

export type * from "./records";
