// cim.Project: a project, data the service keeps itself (synchronous: created, renamed and deleted at once,
// no job). The spec names projects and shows nothing of them: the emulator follows CloudStack's createProject,
// updateProject (name and display text) and deleteProject. Per account and region, like every record.

import { z } from "zod";
import type { Project } from "../../client";
import { commonFields, created, field, nameField, recordCalls, uniqueName } from "../../kinds/common";
import { defineKind } from "../../kinds/define";
import { examples, exported, resource } from "../../kinds/examples";
import { applyChanged } from "../../kinds/named";
import { text } from "../../lifecycle/check";

export const project = defineKind({
  name: "Project",
  noun: "project",
  taggedAs: "Project",
  summary: "A project: a named grouping of work, kept by the service (synchronous).",
  ...examples(
    [],
    [
      resource("Project", "shop", { displayText: "the web shop" }, { as: "shop" }),
      exported("projectId", "shop.id"),
    ],
  ),
  nameFromResource: true,
  fields: {
    ...commonFields,
    name: {
      ...nameField("project", "update"),
      doc: "The project's name, unique in the account and region (default: the resource name).",
    },
    displayText: field(text("a description; the API uses the name when left out").optional(), {
      doc: "A description; the API uses the name when left out.",
      change: "update",
      live: true,
      present: true,
    }),
  },
  outputs: {
    state: {
      doc: "The API's project state (Active).",
      schema: z.string(),
      from: (p: Project) => p.state ?? "",
    },
    created,
  },
  // the API refuses a second project of the same name
  exclusive: [uniqueName("project", "project names are unique per account in a region")],
  api: {
    ...recordCalls((c) => c.projects),
    create: (s, i) =>
      s.client.projects.create({ name: i.name ?? "", displayText: i.displayText }, { region: s.region }),
    apply: applyChanged(["name", "displayText"], (s, id, put) =>
      s.client.projects.update(id, put, { region: s.region }),
    ),
  },
  importer: { order: 42, prefix: "project" },
});
