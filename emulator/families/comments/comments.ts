// Comments (the spec's annotations) on volumes, networks, public IPs, VPCs and clusters; only volumes can delete
// one. The spec makes authorization whole-account (Authentication 7 and 8): a user's token reaches the
// visibility route (200 with the accepted-mutation result) and sees every comment of the account, admins-only
// ones included, whatever permissions it carries. CloudStack's administrator-only rules (AnnotationManagerImpl)
// do not apply: service:admin gates administrative endpoints only.
import type { CommentDecl, Data } from "../../family";
import { apiLayerNow, audited } from "../../handlers/common";
import { bool, query, reqStr, withinLength } from "../../handlers/input";
import type { TaggableKind } from "../../handlers/resources";
import { fieldsOf } from "../../handlers/views";
import { accepted, type Ctx, notFound, ok } from "../../http";
import type { AnnotationRec } from "./records";

type CommentData = Data<"annotations">;
type CCtx = Ctx<CommentData>;

/** addAnnotation's `annotation` is a plain string parameter: CloudStack's default length of 255 applies. */
export const COMMENT_TEXT_MAX = 255;

/** Handlers for /<collection>/{id}/annotations and /<collection>/annotations/{annotationId}/…. */
export function commentHandlers(kind: TaggableKind, decl: CommentDecl) {
  /** The caller's account's comment on this collection's resources. */
  const findComment = (ctx: CCtx) => {
    const a = ctx.data.annotations.get(ctx.owner, ctx.params.annotationId);
    if (!a || a.entityType !== kind.resourceType)
      throw notFound(
        `Comment ${ctx.params.annotationId} not found on any ${kind.label} in region ${ctx.region.name}`,
      );
    return a;
  };
  /** CloudStack's AnnotationResponse, camel-cased (entityType is the platform's EntityType name). */
  const view = (ctx: Ctx, a: AnnotationRec) => {
    const target = kind.repo(ctx).byId(a.entityId) as { name?: string; ipAddress?: string } | undefined;
    return {
      ...fieldsOf(a, ["id", "entityId"]),
      entityType: decl.entityType,
      entityName: target?.name ?? target?.ipAddress ?? "",
      ...fieldsOf(a, ["annotation", "adminsOnly", "username", "created"]),
    };
  };
  // Synchronous: the accepted-mutation result without a jobId (the spec lists comments as synchronous).
  const done = (a: AnnotationRec) => accepted(a.id, undefined, audited(kind.resourceType, a.entityId));
  return {
    add(ctx: CCtx) {
      const r = kind.find(ctx, ctx.params.id, true);
      const q = query(ctx);
      const annotation = withinLength("annotation", reqStr(q, "annotation"), COMMENT_TEXT_MAX);
      const a = ctx.data.annotations.insert(
        ctx.owner,
        {
          entityType: kind.resourceType,
          entityId: r.id,
          annotation,
          adminsOnly: bool(q, "adminsOnly") ?? false,
          username: ctx.user.username,
        },
        apiLayerNow(ctx),
      );
      return done(a);
    },
    list(ctx: CCtx) {
      const r = kind.find(ctx, ctx.params.id, false);
      const rows = ctx.data.annotations.where((a) => a.entityId === r.id);
      return ok(rows.map((a) => view(ctx, a)));
    },
    get(ctx: CCtx) {
      return ok(view(ctx, findComment(ctx)));
    },
    visibility(ctx: CCtx) {
      const a = findComment(ctx);
      const adminsOnly = bool(query(ctx), "adminsOnly");
      if (adminsOnly === undefined) reqStr(query(ctx), "adminsOnly");
      ctx.data.annotations.update(a, { adminsOnly: adminsOnly! }, apiLayerNow(ctx));
      return done(a);
    },
    remove(ctx: CCtx) {
      const a = findComment(ctx);
      ctx.data.annotations.delete(a.id);
      return done(a);
    },
  };
}
