// Comments (the spec's annotations) on volumes, networks, public IPs, VPCs and clusters; only volumes can delete
// one. CloudStack's rules (AnnotationManagerImpl, AnnotationDaoImpl): an admins-only comment is shown to
// administrators only (lists and the resource's hasAnnotations alike), and only administrators change a
// comment's visibility. The emulator's administrator is a token with the service:admin permission.
import type { CommentDecl, Repos } from "../family";
import { accepted, type Ctx, forbidden, notFound, ok } from "../http";
import type { AnnotationRec } from "../records";
import { audited, isoNow } from "./common";
import { bool, query, reqStr, withinLength } from "./input";
import type { TaggableKind } from "./resources";

type CommentData = Repos<{ annotations: AnnotationRec }>;
type CCtx = Ctx<CommentData>;

/** addAnnotation's `annotation` is a plain string parameter: CloudStack's default length of 255 applies. */
export const COMMENT_TEXT_MAX = 255;

/** listAnnotations and hasAnnotations filter admins-only comments out for callers who are not administrators. */
const visibleTo = (ctx: Pick<Ctx, "principal">, a: AnnotationRec) => ctx.principal.admin || !a.adminsOnly;

/**
 * The resource's `hasAnnotations` as the caller sees it (CloudStack's AnnotationDao.hasAnnotations with
 * isCallerAdmin): a resource whose only comments are admins-only has none for a user who is not an admin.
 */
export function hasComments(ctx: Pick<Ctx, "data" | "principal">, entityId: string): boolean {
  // every family's data carries the comments (families/index.ts: the registry's repositories)
  const annotations = (ctx.data as CommentData).annotations;
  return annotations.where((a) => a.entityId === entityId && visibleTo(ctx, a)).length > 0;
}

/** Handlers for /<collection>/{id}/annotations and /<collection>/annotations/{annotationId}/…. */
export function commentHandlers(kind: TaggableKind, decl: CommentDecl) {
  /** The caller's comment on this collection's resources, whether or not the caller may see it. */
  const owned = (ctx: CCtx) => {
    const a = ctx.data.annotations.get(ctx.owner, ctx.params.annotationId);
    return a && a.entityType === kind.resourceType ? a : undefined;
  };
  const missing = (ctx: CCtx) =>
    notFound(
      `Comment ${ctx.params.annotationId} not found on any ${kind.label} in region ${ctx.region.name}`,
    );
  const findComment = (ctx: CCtx) => {
    const a = owned(ctx);
    if (!a || !visibleTo(ctx, a)) throw missing(ctx);
    return a;
  };
  /** CloudStack's AnnotationResponse, camel-cased (entityType is the platform's EntityType name). */
  const view = (ctx: Ctx, a: AnnotationRec) => {
    const target = kind.repo(ctx).byId(a.entityId) as { name?: string; ipAddress?: string } | undefined;
    return {
      id: a.id,
      entityId: a.entityId,
      entityType: decl.entityType,
      entityName: target?.name ?? target?.ipAddress ?? "",
      annotation: a.annotation,
      adminsOnly: a.adminsOnly,
      username: a.username,
      created: a.created,
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
        isoNow(ctx),
      );
      return done(a);
    },
    list(ctx: CCtx) {
      const r = kind.find(ctx, ctx.params.id, false);
      const rows = ctx.data.annotations.where((a) => a.entityId === r.id && visibleTo(ctx, a));
      return ok(rows.map((a) => view(ctx, a)));
    },
    get(ctx: CCtx) {
      return ok(view(ctx, findComment(ctx)));
    },
    visibility(ctx: CCtx) {
      if (!ctx.principal.admin) {
        const a = owned(ctx);
        const what = a
          ? `Type: ${decl.entityType}`
          : `Annotation id:${ctx.params.annotationId} does not exist`;
        throw forbidden(
          `Only admins can update annotations' visibility. Cannot update visibility for annotation with id: ${ctx.params.annotationId} - ${what}`,
        );
      }
      const a = findComment(ctx);
      const adminsOnly = bool(query(ctx), "adminsOnly");
      if (adminsOnly === undefined) reqStr(query(ctx), "adminsOnly");
      ctx.data.annotations.update(a, { adminsOnly: adminsOnly! }, isoNow(ctx));
      return done(a);
    },
    remove(ctx: CCtx) {
      // removeAnnotation: an administrator or the comment's author, admins-only or not
      const a = owned(ctx);
      if (!a) throw missing(ctx);
      ctx.data.annotations.delete(a.id);
      return done(a);
    },
  };
}
