// What the tag and comment routes need of a family: its resourceType, how messages name it, and how to find
// the caller's record. Built from the family declarations by the registry.
import type { Ctx } from "../http";
import type { Tagged } from "../records";
import type { Repository } from "../repository";

export interface TaggableKind {
  /** The resourceType of tag records and of the generic tag endpoint. */
  resourceType: string;
  label: string;
  /** The family's records, for writes and for account-wide reads. */
  repo(ctx: Ctx): Repository<Tagged>;
  /** The caller's resource in the routed region; `change` refuses resources the caller may not alter. */
  find(ctx: Ctx, id: string, change: boolean): Tagged;
}

/**
 * resourceType of the generic tag endpoint → kind, case-insensitive, with the platform's aliases. Families that
 * share a resourceType (CloudStack's LoadBalancer: public rules and internal load balancers) are told apart by
 * which one holds `id`, when given.
 */
export function kindOfResourceType(
  kinds: TaggableKind[],
  resourceType: string,
  holding?: { ctx: Ctx; id: string },
): TaggableKind | undefined {
  const t = resourceType.toLowerCase();
  const type = t === "uservm" || t === "virtualmachine" ? "instance" : t;
  const matching = kinds.filter((k) => k.resourceType.toLowerCase() === type);
  const holder = holding && matching.find((k) => k.repo(holding.ctx).byId(holding.id));
  return holder ?? matching[0];
}
