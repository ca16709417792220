// Projects and preferences: data the service keeps itself, so every change is synchronous (the spec lists both
// with tags and comments). The spec shows neither route nor field: projects follow CloudStack's createProject,
// listProjects, updateProject and deleteProject (per account and region here, like every record); preferences
// are the signed-in user's console settings, one map per user across regions.
import type { Data, SeedScope } from "../../family";
import { apiLayerNow, audited, pagedEnvelope, paging } from "../../handlers/common";
import { body, listFilter, type Obj, query, reqStr, str, withinLength } from "../../handlers/input";
import { fieldsOf, ownedView } from "../../handlers/views";
import { badRequest, type Ctx, ok } from "../../http";
import type { User } from "../../records";
import type { ProjectRec } from "./records";

export type ProjectData = Data<"projects">;
type PCtx = Ctx<ProjectData>;

function projectView(ctx: PCtx, p: ProjectRec) {
  return {
    ...fieldsOf(p, ["id", "name", "displayText", "state"]),
    owner: ctx.store.state.users[p.account]?.username ?? p.account,
    domain: "ROOT",
    ...ownedView(p),
  };
}

/** ProjectManagerImpl.createProject: a name the account's projects do not have yet. */
function uniqueName(ctx: PCtx, name: string, except?: string) {
  if (ctx.data.projects.list(ctx.owner).some((p) => p.name === name && p.id !== except))
    throw nameTaken(name, ctx.store.state.users[ctx.user.sub]);
}

function nameTaken(name: string, user: User | undefined) {
  return badRequest(`Project with name ${name} already exists in domain id=${user?.domainId ?? ""}`);
}

const findProject = (ctx: PCtx, id: string) => ctx.data.projects.find(ctx.owner, id);

/** POST /projects {name, displayText?}: displayText defaults to the name (CloudStack 4.16 and later). */
export function create(ctx: PCtx) {
  const b = body(ctx);
  const name = withinLength("name", reqStr(b, "name"));
  uniqueName(ctx, name);
  const displayText = withinLength("displayText", str(b, "displayText") || name);
  const p = ctx.data.projects.insert(ctx.owner, { name, displayText, state: "Active" }, apiLayerNow(ctx));
  return ok({ id: p.id }, audited(ctx.data.projects.resourceType, p.id));
}

/**
 * A seeded project (POST /_emulator/seed): the create's rules on name and displayText, and a state of
 * CloudStack's Project.State (Active unless given), which the API itself cannot set.
 */
export function seed(item: Obj, { records, user }: SeedScope<ProjectRec>) {
  const name = withinLength("name", reqStr(item, "name"));
  if (records.some((p) => p.name === name)) throw nameTaken(name, user);
  const displayText = withinLength("displayText", str(item, "displayText") || name);
  const state = str(item, "state") ?? "Active";
  if (!PROJECT_STATES.includes(state)) throw badRequest(`state must be one of ${PROJECT_STATES.join(", ")}`);
  return { name, displayText, state };
}

const PROJECT_STATES = ["Active", "Disabled", "Suspended"];

export function get(ctx: PCtx) {
  return ok(projectView(ctx, findProject(ctx, ctx.params.id)));
}

/** listProjects: filters name, state (exact), keyword (part of the name or display text). */
export function list(ctx: PCtx) {
  const match = listFilter<ProjectRec>(query(ctx), { name: "name", state: "state" }, ["name", "displayText"]);
  const rows = ctx.data.projects.list(ctx.owner).filter(match);
  return ok(pagedEnvelope(rows, paging(ctx), (p) => projectView(ctx, p)));
}

/** PUT /projects/{id}?name=&displayText=: updateProject (its `name` since CloudStack 4.19). */
export function update(ctx: PCtx) {
  const p = findProject(ctx, ctx.params.id);
  const q = query(ctx);
  const name = str(q, "name");
  const displayText = str(q, "displayText");
  if (name) {
    withinLength("name", name);
    uniqueName(ctx, name, p.id);
  }
  if (displayText !== undefined) withinLength("displayText", displayText);
  const patch = { ...(name ? { name } : {}), ...(displayText ? { displayText } : {}) };
  ctx.data.projects.update(p, patch, apiLayerNow(ctx));
  return ok(projectView(ctx, p), audited(ctx.data.projects.resourceType, p.id));
}

/** deleteProject: synchronous here (the spec lists projects among the synchronous data). */
export function remove(ctx: PCtx) {
  const p = findProject(ctx, ctx.params.id);
  ctx.data.projects.delete(p.id);
  return ok({ id: p.id }, audited(ctx.data.projects.resourceType, p.id));
}

// ------------------------------------------------------------------------------------------- preferences

/** Keys and values of the console's settings: short plain text. */
const PREFERENCE_KEY = /^[A-Za-z][A-Za-z0-9._-]{0,63}$/;
const PREFERENCE_MAX = 1024;

function preferencesOf(ctx: Ctx): Record<string, string> {
  ctx.store.state.preferences ??= {};
  const all = ctx.store.state.preferences;
  all[ctx.user.sub] ??= {};
  return all[ctx.user.sub];
}

/** GET /preferences: the caller's settings as one object (empty until the console writes some). */
export function getPreferences(ctx: Ctx) {
  return ok({ ...preferencesOf(ctx) });
}

/** PUT /preferences {key: value | null}: sets the keys given, removes those given as null, keeps the rest. */
export function updatePreferences(ctx: Ctx) {
  const b = body(ctx);
  const prefs = preferencesOf(ctx);
  for (const [k, v] of Object.entries(b)) {
    if (!PREFERENCE_KEY.test(k))
      throw badRequest(`Invalid preference key '${k.slice(0, 64)}'`, "a letter, then letters, digits, . _ -");
    if (v !== null && (typeof v !== "string" || v.length > PREFERENCE_MAX))
      throw badRequest(`Preference '${k}' must be text of at most ${PREFERENCE_MAX} characters, or null`);
  }
  for (const [k, v] of Object.entries(b)) {
    if (v === null) delete prefs[k];
    else prefs[k] = v as string;
  }
  return ok({ ...prefs });
}
