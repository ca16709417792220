// Comment lookups (the API's annotations): the comments on one volume, network, public IP, VPC or Kubernetes
// cluster, and one of them by id or by its text, read afresh (cim.Comment is the resource class). Comments carry
// no name, so the text stands in for it; admins-only comments are listed too (the account sees all of its own).
import type { CommentCollection } from "../../provider/client";
import { fresh, LookupError, type LookupRegionOptions, pickBy } from "./core";
import type { Comment } from "./records";

/** A comment as the API shows it: `annotation` its text, `entityId` and `entityType` the resource it is on. */
export type CommentInfo = Comment;

/** The resource whose comments to read: exactly one of the five ids. */
export interface CommentTargetQuery extends LookupRegionOptions {
  volumeId?: string;
  networkId?: string;
  publicIpId?: string;
  vpcId?: string;
  kubernetesClusterId?: string;
}

/** Which comment of that resource: its `id`, or its `text` (exact, then case-insensitive). */
export interface CommentQuery extends CommentTargetQuery {
  id?: string;
  text?: string;
}

const FIELDS: Record<keyof Omit<CommentTargetQuery, "region">, [CommentCollection, string]> = {
  volumeId: ["volume", "volume"],
  networkId: ["network", "network"],
  publicIpId: ["publicIp", "public IP"],
  vpcId: ["vpc", "VPC"],
  kubernetesClusterId: ["cluster", "Kubernetes cluster"],
};

function targetOf(q: CommentTargetQuery): { kind: CommentCollection; id: string; what: string } {
  const given = (Object.keys(FIELDS) as (keyof typeof FIELDS)[]).filter((k) => q[k]);
  if (given.length !== 1) {
    throw new LookupError(
      `cim: comments are read on one resource: give exactly one of ${Object.keys(FIELDS).join(", ")}${given.length ? ` (got ${given.join(" and ")})` : ""}`,
      [],
    );
  }
  const [kind, noun] = FIELDS[given[0]];
  const id = String(q[given[0]]);
  return { kind, id, what: `${noun} ${id}` };
}

async function commentsOf(q: CommentTargetQuery) {
  const target = targetOf(q);
  const { rows, where } = await fresh(q, (c, region) => c.comments.list(target, { region }));
  return { rows, where: `${target.what}, ${where}` };
}

/**
 * The comments on one resource (every one of the account, admins-only ones included), oldest first, e.g.
 * `await cim.getComments({ volumeId: data.id })` in an async program. Not cached.
 */
export async function getComments(query: CommentTargetQuery): Promise<CommentInfo[]> {
  return (await commentsOf(query)).rows;
}

/** One comment on a resource, by `id` or `text`; a miss lists the resource's comments (text and id). */
export async function getComment(query: CommentQuery): Promise<CommentInfo> {
  if ((query.id === undefined) === (query.text === undefined))
    throw new LookupError("cim: look up a comment by id or by text (give exactly one)", []);
  const { rows, where } = await commentsOf(query);
  return pickBy(rows, (c) => c.annotation, { id: query.id, name: query.text }, "comment", where);
}
