// Tags: per-collection routes (instances, volumes, VPCs, networks, public IPs, clusters) and the generic endpoint.
// A tag has one value; there is no edit: adding an existing key with another value is a 409. A delete names
// tags by key and value, as CloudStack's deleteTags does.
import { accepted, badRequest, type Ctx, conflict, ok } from "../http";
import { audited, tagRecords } from "./common";
import { body, type Obj, query, reqStr, str } from "./input";
import { kindOfResourceType, type TaggableKind } from "./resources";
import { PLATFORM_TAG_TYPES, platformTagType } from "./tagTypes";

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

function added(target: Record<string, string>, add: Record<string, string>, what: string) {
  for (const [k, v] of Object.entries(add)) {
    if (k in target && target[k] !== v) {
      throw conflict(
        `Tag ${k} already exists on ${what} with value '${target[k]}'`,
        "Tags cannot be edited: delete the tag, then add it with the new value",
      );
    }
  }
  return { ...target, ...add };
}

/**
 * deleteTags as CloudStack does it (TaggedResourceManagerImpl, server/src/main/java/com/cloud/tags/): a tag goes
 * when a key named matches its key and the value given matches its value, both case-insensitively; an empty
 * value matches any value; an empty map names every tag. A request that matches nothing is refused.
 */
function removed(target: Record<string, string>, asked: Record<string, string>, what: string) {
  const wanted = Object.entries(asked).map(([k, v]) => [k.toLowerCase(), v.toLowerCase()] as const);
  const matches = (key: string, value: string) =>
    wanted.length === 0 ||
    wanted.some(([k, v]) => k === key.toLowerCase() && (v === "" || v === value.toLowerCase()));
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(target)) if (!matches(k, v)) out[k] = v;
  if (Object.keys(out).length === Object.keys(target).length) {
    throw badRequest(
      "Unable to find tags by parameters specified",
      `No tag of ${what} has ${Object.entries(asked)
        .map(([k, v]) => (v === "" ? `key ${k}` : `${k}=${v}`))
        .join(", ")}: a tag is deleted by its key and value`,
    );
  }
  return out;
}

/** The tags a request changes, and how the change is written back. */
interface TagTarget {
  id: string;
  type: string;
  label: string;
  tags: Record<string, string>;
  write(tags: Record<string, string>): void;
}

/** POST (add keys) and DELETE (remove keys) over whatever record `target` resolves; synchronous `{id}`. */
function tagChanges(target: (ctx: Ctx, b: Obj) => TagTarget) {
  const change = (ctx: Ctx, edit: (t: TagTarget) => Record<string, string>) => {
    const t = target(ctx, body(ctx));
    t.write(edit(t));
    return accepted(t.id, undefined, audited(t.type, t.id));
  };
  return {
    add(ctx: Ctx) {
      const add = tagsOf(body(ctx));
      return change(ctx, (t) => added(t.tags, add, t.label));
    },
    remove(ctx: Ctx) {
      const keys = tagsOf(body(ctx));
      return change(ctx, (t) => removed(t.tags, keys, t.label));
    },
  };
}

function familyTarget(ctx: Ctx, kind: TaggableKind, id: string): TagTarget {
  const r = kind.find(ctx, id, true);
  const write = (tags: Record<string, string>) => kind.repo(ctx).update(r, { tags });
  return { id: r.id, type: kind.resourceType, label: `${kind.label} ${r.id}`, tags: r.tags, write };
}

/** GET, POST and DELETE handlers for /<collection>/{id}/tags. */
export function tagHandlers(kind: TaggableKind) {
  return {
    list(ctx: Ctx) {
      const r = kind.find(ctx, ctx.params.id, false);
      return ok(tagRecords(r.tags, r.id, kind.resourceType));
    },
    ...tagChanges((ctx) => familyTarget(ctx, kind, ctx.params.id)),
  };
}

/**
 * The generic route's target of a type without tags of its own, as createTags judges it (TaggedResourceManagerImpl,
 * ResourceManagerUtilImpl): a type the platform does not know, or one that takes no tags, is refused; so is an id
 * that names no record of the type the caller may tag. The emulator keeps no records of the other types CloudStack
 * tags (firewall rules, security groups, …), so it holds no id of them either.
 */
function genericTarget(ctx: Ctx, given: string, resourceId: string, holders: GenericTagTypes): TagTarget {
  const resourceType = platformTagType(given);
  if (!resourceType) throw badRequest(`Invalid resource type ${given}`);
  if (!PLATFORM_TAG_TYPES[resourceType])
    throw badRequest(`The resource type ${resourceType} doesn't support resource tags`);
  if (!holders.get(resourceType.toLowerCase())?.(ctx, resourceId))
    throw badRequest(`Unable to find resource by uuid ${resourceId} and type ${resourceType}`);
  return tagSet(ctx, resourceType, resourceId);
}

/** Tags of a resource type without a family of tags of its own live in genericTags, keyed per account and region. */
function tagSet(ctx: Ctx, resourceType: string, resourceId: string): TagTarget {
  const key = `${ctx.region.id}|${ctx.user.sub}|${resourceType}|${resourceId}`;
  const sets = ctx.store.state.genericTags;
  sets[key] ??= { regionId: ctx.region.id, account: ctx.user.sub, resourceType, resourceId, tags: {} };
  const set = sets[key];
  const write = (tags: Record<string, string>) => {
    set.tags = tags;
  };
  return {
    id: resourceId,
    type: resourceType,
    label: `${resourceType} ${resourceId}`,
    tags: set.tags,
    write,
  };
}

/** Whether an id names a record the caller may tag, by the generic route's resource type in lower case. */
export type GenericTagTypes = ReadonlyMap<string, (ctx: Ctx, id: string) => boolean>;

/** The generic endpoint: GET, POST and DELETE /tags over every taggable family and the generic sets. */
export function genericTagHandlers(kinds: TaggableKind[], holders: GenericTagTypes) {
  return {
    ...tagChanges((ctx, b) => {
      const resourceType = reqStr(b, "resourceType");
      const resourceId = reqStr(b, "resourceId");
      const kind = kindOfResourceType(kinds, resourceType, { ctx, id: resourceId });
      return kind
        ? familyTarget(ctx, kind, resourceId)
        : genericTarget(ctx, resourceType, resourceId, holders);
    }),
    /** Tag records of the caller in the routed region, filtered by resourceType and resourceId when given. */
    list(ctx: Ctx) {
      const q = query(ctx);
      const type = str(q, "resourceType");
      const id = str(q, "resourceId");
      const kind = type ? kindOfResourceType(kinds, type, id ? { ctx, id } : undefined) : undefined;
      if (kind && id) {
        const r = kind.find(ctx, id, false);
        return ok(tagRecords(r.tags, r.id, kind.resourceType));
      }
      const rows: ReturnType<typeof tagRecords> = [];
      for (const k of kinds) {
        if (type && kind?.resourceType !== k.resourceType) continue;
        for (const r of k.repo(ctx).list(ctx.owner)) {
          if (!id || r.id === id) rows.push(...tagRecords(r.tags, r.id, k.resourceType));
        }
      }
      for (const set of Object.values(ctx.store.state.genericTags)) {
        if (set.regionId !== ctx.region.id || set.account !== ctx.user.sub) continue;
        if ((type && set.resourceType.toLowerCase() !== type.toLowerCase()) || (id && set.resourceId !== id))
          continue;
        rows.push(...tagRecords(set.tags, set.resourceId, set.resourceType));
      }
      return ok(rows);
    },
  };
}
