// cim.TemplatePermissions: who besides its owner may use a template, through the spec's Update Template
// Permissions (a PUT whose JSON body the API reads key by key: ispublic, isextractable, isfeatured, accounts,
// projectids, op; the client builds it from typed fields). One per template: its id is the template's. The
// program's flags and account list are authoritative: accounts the program does not name lose their launch
// permission (`op: remove`), the ones it names gain it (`op: add`). Deleting it resets the template (CloudStack's
// `op: reset`: private, not featured, no grants) and makes it not extractable again. Synchronous in the API.

import { z } from "zod";
import type { ImageAccess, ImagePermissionsChange } from "../../client";
import { commonFields, field, flagField, uniqueTogether } from "../../kinds/common";
import { defineKind } from "../../kinds/define";
import { examples, outputOf, resource } from "../../kinds/examples";
import { id, text } from "../../lifecycle/check";
import type { Session } from "../../lifecycle/session";
import { sameSet } from "../../lifecycle/values";
import { ownImage } from "./image";

const nameList = (what: string) =>
  z
    .array(text(what), { error: `must be a list of ${what}s` })
    .refine((a) => new Set(a).size === a.length, "must not name the same one twice")
    .refine(
      (a) => a.every((n) => !n.includes(",")),
      "names must not contain commas (the API takes them comma-separated)",
    )
    .optional();

const templates = (s: Session) => s.client.templates;

/** The calls that take the live permissions to the wanted ones: flags with the grants, then the revocations. */
async function converge(
  s: Session,
  live: ImageAccess,
  want: Record<string, unknown>,
  changed: ReadonlySet<string>,
) {
  const o = { region: s.region };
  const flags: ImagePermissionsChange = {};
  for (const k of ["isPublic", "isFeatured", "isExtractable"] as const)
    if (changed.has(k)) flags[k] = (want[k] as boolean | undefined) ?? false;
  const calls: ImagePermissionsChange[] = [];
  for (const [k, key] of [
    ["accounts", "accounts"],
    ["projectIds", "projectIds"],
  ] as const) {
    if (!changed.has(k)) continue;
    const wanted = (want[k] as string[] | undefined) ?? [];
    const add = wanted.filter((a) => !live[key].includes(a));
    const remove = live[key].filter((a) => !wanted.includes(a));
    if (remove.length) calls.push({ op: "remove", [k]: remove });
    if (add.length) calls.push({ op: "add", [k]: add });
  }
  // the flags ride on the first call (or make one of their own)
  if (Object.keys(flags).length) calls[0] = { ...(calls[0] ?? {}), ...flags };
  for (const c of calls) await templates(s).updatePermissions(live.id, c, o);
}

export const templatePermissions = defineKind({
  name: "TemplatePermissions",
  noun: "template permission set",
  summary: "Who besides its owner may use a template: public, featured, extractable, named accounts.",
  ...examples(
    ["zoneId", "golden"],
    [
      resource(
        "TemplatePermissions",
        "golden-shared",
        { templateId: outputOf("golden.id"), accounts: ["team-b"] },
        {
          comment:
            "team-b: another account of the platform, which must exist (the local emulator has it only once added)",
        },
      ),
    ],
  ),
  createVerb: "set",
  label: (rec) => `of template ${String(rec.templateId ?? rec.id)}`,
  fields: {
    ...commonFields,
    templateId: field(id("the template whose permissions these are (a cim.Template's id)"), {
      doc: "The template (a cim.Template's id; one of the account's own).",
      change: "replace",
      live: (p: ImageAccess) => p.id,
      ref: "Template",
      lookup: { catalogue: "templates", what: "a template", judges: ["accounts"] },
    }),
    isPublic: {
      doc: "Every account may use it (default false). The policy pack refuses it unless allowed.",
      ...flagField("isPublic", "every account may use the template"),
    },
    isFeatured: {
      doc: "Listed among the platform's featured templates (default false).",
      ...flagField("isFeatured", "list the template among the featured ones"),
    },
    isExtractable: {
      doc: "Its disk image may be downloaded (extracted) by those who may use it (default false).",
      ...flagField("isExtractable", "the template's image may be downloaded"),
    },
    accounts: field(nameList("account name"), {
      doc: "Accounts (by name) given launch permission, each an account the platform has (the API refuses an unknown name at `up`; no route lists accounts, so preview cannot check); the program's list is authoritative.",
      change: "update",
      unset: () => [],
      same: sameSet,
      live: (p: ImageAccess) => p.accounts,
      present: true,
    }),
    projectIds: field(z.array(id("a project id")).optional(), {
      doc: "Projects (by id) given launch permission, not together with accounts.",
      change: "update",
      unset: () => [],
      same: sameSet,
      live: (p: ImageAccess) => p.projectIds,
      present: true,
      ref: { kind: "Project", mustExist: true },
    }),
  },
  outputs: {
    owner: {
      doc: "The template's owner (the account that registered it).",
      schema: z.string().optional(),
      from: (p: ImageAccess) => p.account,
    },
  },
  rules(values, fail) {
    const accounts = values.accounts as string[] | undefined;
    const projects = values.projectIds as string[] | undefined;
    if (accounts?.length && projects?.length)
      fail(
        "projectIds",
        "projectIds cannot be given together with accounts: the API takes one or the other per template",
      );
  },
  lookups(i, rows) {
    const row = rows.templateId;
    if (!row) return [];
    const notOwn = ownImage(row as never);
    if (notOwn)
      return [
        {
          property: "templateId",
          reason: `templateId ${i.templateId} names template "${String(row.name)}", but ${notOwn}: only its owner can change who may use it`,
        },
      ];
    const owner = row.account;
    if (typeof owner === "string" && (i.accounts ?? []).includes(owner))
      return [
        {
          property: "accounts",
          reason: `accounts names ${owner}, the template's owner, which always may use it: leave it out`,
        },
      ];
    return [];
  },
  // one set of permissions per template: a replacement on the same template resets first
  deleteBeforeReplace: uniqueTogether("templateId"),
  api: {
    get: (s, id) => templates(s).permissions(id, { region: s.region }),
    async create(s, want) {
      const live = await templates(s).permissions(want.templateId, { region: s.region });
      await converge(
        s,
        live,
        want,
        new Set(["isPublic", "isFeatured", "isExtractable", "accounts", "projectIds"]),
      );
      return { id: want.templateId, region: s.region };
    },
    apply: (s, live, want, changed) => converge(s, live, want, changed),
    delete: (s, live) =>
      templates(s).updatePermissions(live.id, { op: "reset", isExtractable: false }, { region: s.region }),
  },
  importer: {
    order: 4,
    prefix: "templatePermissions",
    name: (p, nameOf) => `${nameOf(p.id) ?? "template"}-permissions`,
    // only templates someone else may use: the rest have nothing to manage (but may be imported to share them)
    skipNotAlone: true,
    skip: (p) =>
      !p.isPublic && !p.isFeatured && !p.isExtractable && !p.accounts.length && !p.projectIds.length
        ? "private and shared with no account: nothing to manage"
        : undefined,
    list: async (s, adopted) =>
      Promise.all((adopted.Template ?? []).map((t) => templates(s).permissions(t.id, { region: s.region }))),
  },
});
