// Comments (annotations) on volumes, networks, public IPs, VPCs and clusters; only volumes can delete one.
import { randomUUID } from "node:crypto";
import { accepted, type Ctx, notFound, ok } from "../http";
import type { AnnotationRec, Store } from "../store";
import { bool, isoNow, query, reqStr } from "./common";
import { KINDS, type KindName } from "./resources";

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

function refreshFlag(store: Store, entityType: string, entityId: string) {
  const has = Object.values(store.state.annotations).some((a) => a.entityId === entityId);
  const s = store.state;
  const target =
    entityType === "Volume"
      ? s.volumes[entityId]
      : entityType === "Vpc"
        ? s.vpcs[entityId]
        : entityType === "Network"
          ? s.networks[entityId]
          : undefined;
  if (target) target.hasAnnotations = has;
}

/** Handlers for /<collection>/{id}/annotations and /<collection>/annotations/{annotationId}/…. */
export function commentHandlers(name: KindName) {
  const kind = KINDS[name];
  const findComment = (ctx: Ctx) => {
    const a = ctx.store.state.annotations[ctx.params.annotationId];
    if (
      !a ||
      a.entityType !== kind.resourceType ||
      a.regionId !== ctx.region.id ||
      a.account !== ctx.user.sub
    ) {
      throw notFound(
        `Comment ${ctx.params.annotationId} not found on any ${kind.label} in region ${ctx.region.name}`,
      );
    }
    return a;
  };
  return {
    add(ctx: Ctx) {
      const r = kind.find(ctx, ctx.params.id, true);
      const q = query(ctx);
      const annotation = reqStr(q, "annotation");
      const now = isoNow(ctx);
      const a: AnnotationRec = {
        id: randomUUID(),
        regionId: ctx.region.id,
        account: ctx.user.sub,
        created: now,
        lastUpdated: now,
        entityType: kind.resourceType,
        entityId: r.id,
        annotation,
        adminsOnly: bool(q, "adminsOnly") ?? false,
        username: ctx.user.username,
      };
      ctx.store.state.annotations[a.id] = a;
      r.hasAnnotations = true;
      ctx.audit.resourceId = r.id;
      ctx.audit.resourceType = kind.resourceType;
      return accepted(a.id);
    },
    list(ctx: Ctx) {
      const r = kind.find(ctx, ctx.params.id, false);
      return ok(
        Object.values(ctx.store.state.annotations)
          .filter((a) => a.entityId === r.id)
          .map(view),
      );
    },
    visibility(ctx: Ctx) {
      const a = findComment(ctx);
      const adminsOnly = bool(query(ctx), "adminsOnly");
      if (adminsOnly === undefined) reqStr(query(ctx), "adminsOnly");
      a.adminsOnly = adminsOnly!;
      a.lastUpdated = isoNow(ctx);
      ctx.audit.resourceId = a.entityId;
      ctx.audit.resourceType = kind.resourceType;
      return accepted(a.id);
    },
    remove(ctx: Ctx) {
      const a = findComment(ctx);
      delete ctx.store.state.annotations[a.id];
      refreshFlag(ctx.store, a.entityType, a.entityId);
      ctx.audit.resourceId = a.entityId;
      ctx.audit.resourceType = kind.resourceType;
      return accepted(a.id);
    },
  };
}
