// What the views of records share: the owner and times every view ends with, and for the families that take
// tags and comments, the tags and whether there are comments. A family's view says only its own fields.

import { hasComments } from "../families/comments/comments";
import type { Ctx } from "../http";
import type { Owned, Tagged } from "../records";

/** The owner and the times, as every view ends. */
export const ownedView = (r: Owned) => ({
  account: r.account,
  created: r.created,
  lastUpdated: r.lastUpdated,
});

/** A record tagged only through the generic /tags route: its tags, then the owner and times. */
export const taggedView = (r: Tagged) => ({ tags: { ...r.tags }, ...ownedView(r) });

/** A record with tag and comment routes: its tags, whether it has comments, the owner and times. */
export const commentedView = (ctx: Pick<Ctx, "data">, r: Tagged) => ({
  ...taggedView(r),
  hasAnnotations: hasComments(ctx, r.id),
});
