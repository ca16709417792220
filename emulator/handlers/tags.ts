// Tags: per-collection routes (instances, volumes, VPCs, networks, public IPs, clusters) and the generic endpoint.
// A tag has one value; there is no edit: adding an existing key with another value is a 409.
import { accepted, badRequest, type Ctx, conflict, ok } from "../http";
import { body, type Obj, query, reqStr, str, tagRecords } from "./common";
import { KINDS, type KindName, kindOfResourceType, type TaggableKind } from "./resources";

function tagsOf(b: Obj): Record<string, string> {
  const t = b.tags;
  if (t === undefined || t === null) {
    throw badRequest("Required parameter 'tags' is not present", 'Send {"tags": {"key": "value"}}');
  }
  if (typeof t !== "object" || Array.isArray(t))
    throw badRequest("Parameter 'tags' must be an object of key: value");
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(t)) {
    if (!k || k.length > 128) throw badRequest(`Tag key '${k}' must be 1 to 128 characters`);
    if (typeof v !== "string" && typeof v !== "number" && typeof v !== "boolean") {
      throw badRequest(`Tag ${k} must have a string value`);
    }
    const value = String(v);
    if (value.length > 256) throw badRequest(`Tag ${k} value must be at most 256 characters`);
    out[k] = value;
  }
  return out;
}

function addTo(target: Record<string, string>, add: Record<string, string>, what: string) {
  for (const [k, v] of Object.entries(add)) {
    if (k in target && target[k] !== v) {
      throw conflict(
        `Tag ${k} already exists on ${what} with value '${target[k]}'`,
        "Tags cannot be edited: delete the tag, then add it with the new value",
      );
    }
  }
  Object.assign(target, add);
}

function removeFrom(target: Record<string, string>, keys: Record<string, string>) {
  for (const k of Object.keys(keys)) delete target[k];
}

/** GET, POST and DELETE handlers for /<collection>/{id}/tags. */
export function tagHandlers(name: KindName) {
  const kind: TaggableKind = KINDS[name];
  return {
    list(ctx: Ctx) {
      const r = kind.find(ctx, ctx.params.id, false);
      return ok(tagRecords(r.tags, r.id, kind.resourceType));
    },
    add(ctx: Ctx) {
      const add = tagsOf(body(ctx));
      const r = kind.find(ctx, ctx.params.id, true);
      addTo(r.tags, add, `${kind.label} ${r.id}`);
      ctx.audit.resourceId = r.id;
      ctx.audit.resourceType = kind.resourceType;
      return accepted(r.id);
    },
    remove(ctx: Ctx) {
      const keys = tagsOf(body(ctx));
      const r = kind.find(ctx, ctx.params.id, true);
      removeFrom(r.tags, keys);
      ctx.audit.resourceId = r.id;
      ctx.audit.resourceType = kind.resourceType;
      return accepted(r.id);
    },
  };
}

/** Tags of a resource type without a dedicated store live in genericTags, keyed per account and region. */
function genericSet(ctx: Ctx, resourceType: string, resourceId: string, create: boolean) {
  const key = `${ctx.region.id}|${ctx.user.sub}|${resourceType}|${resourceId}`;
  const sets = ctx.store.state.genericTags;
  if (!sets[key] && create) {
    sets[key] = { regionId: ctx.region.id, account: ctx.user.sub, resourceType, resourceId, tags: {} };
  }
  return sets[key];
}

function genericTarget(ctx: Ctx, b: Obj) {
  const resourceType = reqStr(b, "resourceType");
  const resourceId = reqStr(b, "resourceId");
  const kind = kindOfResourceType(resourceType);
  if (kind) {
    const r = kind.find(ctx, resourceId, true);
    return { tags: r.tags, id: r.id, type: kind.resourceType, label: `${kind.label} ${r.id}` };
  }
  const set = genericSet(ctx, resourceType, resourceId, true);
  return { tags: set.tags, id: resourceId, type: resourceType, label: `${resourceType} ${resourceId}` };
}

export function addGenericTags(ctx: Ctx) {
  const b = body(ctx);
  const add = tagsOf(b);
  const t = genericTarget(ctx, b);
  addTo(t.tags, add, t.label);
  ctx.audit.resourceId = t.id;
  ctx.audit.resourceType = t.type;
  return accepted(t.id);
}

export function deleteGenericTags(ctx: Ctx) {
  const b = body(ctx);
  const keys = tagsOf(b);
  const t = genericTarget(ctx, b);
  removeFrom(t.tags, keys);
  ctx.audit.resourceId = t.id;
  ctx.audit.resourceType = t.type;
  return accepted(t.id);
}

/** Tag records of the caller in the routed region, filtered by resourceType and resourceId when given. */
export function listGenericTags(ctx: Ctx) {
  const q = query(ctx);
  const type = str(q, "resourceType");
  const id = str(q, "resourceId");
  const kind = type ? kindOfResourceType(type) : undefined;
  if (kind && id) {
    const r = kind.find(ctx, id, false);
    return ok(tagRecords(r.tags, r.id, kind.resourceType));
  }
  const s = ctx.store.state;
  const rows: ReturnType<typeof tagRecords> = [];
  const collect = (
    records: Record<string, { id: string; regionId: string; account: string; tags: Record<string, string> }>,
    resourceType: string,
  ) => {
    if (type && kindOfResourceType(type)?.resourceType !== resourceType) return;
    for (const r of Object.values(records)) {
      if (r.regionId === ctx.region.id && r.account === ctx.user.sub && (!id || r.id === id)) {
        rows.push(...tagRecords(r.tags, r.id, resourceType));
      }
    }
  };
  collect(s.instances, "Instance");
  collect(s.volumes, "Volume");
  collect(s.vpcs, "Vpc");
  collect(s.networks, "Network");
  for (const set of Object.values(s.genericTags)) {
    if (set.regionId !== ctx.region.id || set.account !== ctx.user.sub) continue;
    if ((type && set.resourceType.toLowerCase() !== type.toLowerCase()) || (id && set.resourceId !== id))
      continue;
    rows.push(...tagRecords(set.tags, set.resourceId, set.resourceType));
  }
  return ok(rows);
}
