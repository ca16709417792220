// Comments (the spec's annotations) on volumes, networks, public IPs, VPCs and Kubernetes clusters, which have them
// "with identical shapes": POST /<collection>/{id}/annotations with the text and visibility as query parameters
// and no body (the spec's public-IP route and Add Cluster Annotation), PUT /<collection>/annotations/{annotationId}/
// visibility (the spec's VPC and volume routes), and DELETE /volumes/annotations/{annotationId}, which only volumes
// have. The spec names no read route: the list under the resource and the read by id under its collection are the
// emulator's (emulator/README.md, CloudStack's listAnnotations).
//
// The spec lists comments as synchronous, yet the routes answer with the accepted-mutation result: a jobId, when
// one comes, is the caller's to wait for (jobs.wait), its absence means done. Lost answers: an add is not
// idempotent (a second POST makes a second comment), so the comments there before the request are noted and a
// new one with the sent text and visibility is taken as the request's; a visibility change and a delete re-read
// the comment. Each is sent at most once more.

import type { AcceptedMutation, CallOptions } from "../../client/core";
import { Family, readOrUndefined } from "../../client/family";
import { readOnce } from "../../client/pagination";
import { type ApiPath, underCollection } from "../../client/paths";
import { type InputOf, optional, requestShape, required } from "../../client/requestShape";
import { COLLECTION_ROOTS } from "../tags/client";
import { type Comment, CommentSchema } from "./records";

/** The collections that take comments. */
export type CommentCollection = "volume" | "network" | "publicIp" | "vpc" | "cluster";

/** The resource a comment is on. */
export interface CommentTarget {
  kind: CommentCollection;
  id: string;
}

/** A comment's add: query parameters. */
export const addCommentRequest = requestShape({
  /** The text (the API's `annotation`): at most COMMENT_TEXT_MAX characters. */
  annotation: required<string>(),
  /** Marked for the platform's administrators only (default false); the account's own user still sees it. */
  adminsOnly: optional<boolean>(),
});
export type AddCommentInput = InputOf<typeof addCommentRequest>;

/** The platform's length of the `annotation` parameter (CloudStack's default parameter length). */
export const COMMENT_TEXT_MAX = 255;

/** Only volumes expose a DELETE for a comment (spec, Further endpoints). */
export const DELETABLE_COMMENTS: ReadonlySet<CommentCollection> = new Set(["volume"]);

const byId = (kind: CommentCollection, annotationId: string, rest: "" | "/visibility" = ""): ApiPath =>
  underCollection(`${COLLECTION_ROOTS[kind]}/annotations`, annotationId, rest);

export class Comments extends Family {
  /** The comments on a resource: every one of the account, admins-only ones included. */
  async list(target: CommentTarget, o?: CallOptions): Promise<Comment[]> {
    const path = underCollection(COLLECTION_ROOTS[target.kind], target.id, "/annotations");
    return (await readOnce(this.core, { path, key: "annotation", item: CommentSchema, options: o })).items;
  }

  /** One comment, by its id under its collection. */
  async get(kind: CommentCollection, annotationId: string, o?: CallOptions): Promise<Comment> {
    return this.core.get(byId(kind, annotationId), CommentSchema, undefined, o);
  }

  async add(target: CommentTarget, input: AddCommentInput, o?: CallOptions): Promise<AcceptedMutation> {
    const query = addCommentRequest.pick({ ...input, adminsOnly: input.adminsOnly ?? false });
    const path = underCollection(COLLECTION_ROOTS[target.kind], target.id, "/annotations");
    const before = new Set((await this.list(target, o)).map((c) => c.id));
    return this.synchronous(
      "POST",
      path,
      undefined,
      o,
      async () =>
        (await this.list(target, o)).find(
          (c) =>
            !before.has(c.id) &&
            c.annotation === query.annotation &&
            (c.adminsOnly ?? false) === query.adminsOnly,
        )?.id,
      query,
    );
  }

  /** updateAnnotationVisibility: any user's token (the spec's whole-account authorization). */
  async setVisibility(
    kind: CommentCollection,
    annotationId: string,
    adminsOnly: boolean,
    o?: CallOptions,
  ): Promise<AcceptedMutation> {
    return this.synchronous(
      "PUT",
      byId(kind, annotationId, "/visibility"),
      undefined,
      o,
      async () => {
        const now = await readOrUndefined(() => this.get(kind, annotationId, o));
        return now && (now.adminsOnly ?? false) === adminsOnly ? annotationId : undefined;
      },
      { adminsOnly },
    );
  }

  /** Deletes a comment on a volume (no other collection has the route). */
  async remove(annotationId: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.synchronous("DELETE", byId("volume", annotationId), undefined, o, async () =>
      (await readOrUndefined(() => this.get("volume", annotationId, o))) === undefined
        ? annotationId
        : undefined,
    );
  }
}

export type * from "./records";
