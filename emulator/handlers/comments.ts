// Comments (annotations) on volumes, networks, public IPs, VPCs and clusters; only volumes can delete one.
import type { Repos } from "../family";
import { accepted, type Ctx, notFound, ok } from "../http";
import type { AnnotationRec } from "../records";
import { audited, isoNow } from "./common";
import { bool, query, reqStr } from "./input";
import type { TaggableKind } from "./resources";

type CCtx = Ctx<Repos<{ annotations: AnnotationRec }>>;

function view(a: AnnotationRec) {
  return {
    id: a.id,
    entityId: a.entityId,
    entityType: a.entityType,
    annotation: a.annotation,
    adminsOnly: a.adminsOnly,
    username: a.username,
    created: a.created,
  };
}

/** Handlers for /<collection>/{id}/annotations and /<collection>/annotations/{annotationId}/…. */
export function commentHandlers(kind: TaggableKind) {
  const findComment = (ctx: CCtx) => {
    const a = ctx.data.annotations.get(ctx.owner, ctx.params.annotationId);
    if (!a || a.entityType !== kind.resourceType) {
      throw notFound(
        `Comment ${ctx.params.annotationId} not found on any ${kind.label} in region ${ctx.region.name}`,
      );
    }
    return a;
  };
  const done = (a: AnnotationRec) => accepted(a.id, undefined, audited(kind.resourceType, a.entityId));
  return {
    add(ctx: CCtx) {
      const r = kind.find(ctx, ctx.params.id, true);
      const q = query(ctx);
      const annotation = reqStr(q, "annotation");
      const a = ctx.data.annotations.insert(
        ctx.owner,
        {
          entityType: kind.resourceType,
          entityId: r.id,
          annotation,
          adminsOnly: bool(q, "adminsOnly") ?? false,
          username: ctx.user.username,
        },
        isoNow(ctx),
      );
      kind.repo(ctx).update(r, { hasAnnotations: true });
      return done(a);
    },
    list(ctx: CCtx) {
      const r = kind.find(ctx, ctx.params.id, false);
      return ok(ctx.data.annotations.where((a) => a.entityId === r.id).map(view));
    },
    visibility(ctx: CCtx) {
      const a = findComment(ctx);
      const adminsOnly = bool(query(ctx), "adminsOnly");
      if (adminsOnly === undefined) reqStr(query(ctx), "adminsOnly");
      ctx.data.annotations.update(a, { adminsOnly: adminsOnly! }, isoNow(ctx));
      return done(a);
    },
    remove(ctx: CCtx) {
      const a = findComment(ctx);
      ctx.data.annotations.delete(a.id);
      // The flag follows the comments that are left.
      const target = kind.repo(ctx).byId(a.entityId);
      const has = ctx.data.annotations.where((x) => x.entityId === a.entityId).length > 0;
      if (target) kind.repo(ctx).update(target, { hasAnnotations: has });
      return done(a);
    },
  };
}
