// Instance groups as CloudStack keeps them (createInstanceGroup, listInstanceGroups, updateInstanceGroup,
// deleteInstanceGroup: synchronous commands; VmGroupServiceImpl / UserVmManagerImpl), with the spec's
// multi-region list: GET /instance-groups reads every region of the user unless X-Region-Context names one, and
// a region that cannot be read is reported in `regionErrors` (its id → why), never left out silently.
// Membership is the instance's (`groupId`, CloudStack's instance_group_vm_map): an instance joins a group through
// the instance update (updateVirtualMachine's `group`), see instanceActions.ts.
import type { Data, SeedScope } from "../../family";
import { audited, isoNow, regionOf } from "../../handlers/common";
import {
  body,
  listFilter,
  type Obj,
  query,
  queryOnly,
  reqStr,
  str,
  withinLength,
} from "../../handlers/input";
import { fieldsOf } from "../../handlers/views";
import { accepted, badRequest, type Ctx, conflict, ok } from "../../http";
import { noAccountIn, regionFromHeader } from "../../regions";
import { ownerIn } from "../../repository";
import type { Store } from "../../store";
import type { InstanceGroupRec } from "./records";

export type InstanceGroupData = Data<"instanceGroups" | "instances">;
type GCtx = Ctx<InstanceGroupData>;

function view(store: Store, g: InstanceGroupRec) {
  return {
    ...fieldsOf(g, ["id", "name"]),
    ...regionOf(store, g.regionId),
    account: g.account,
    domain: "ROOT",
    created: g.created,
  };
}

/** The group an instance is in, as instance views show it (CloudStack's UserVmResponse `group`, `groupid`). */
export function groupOf(store: Store, groupId: string | undefined): InstanceGroupRec | undefined {
  if (!groupId) return undefined;
  return (store.state as unknown as { instanceGroups?: Record<string, InstanceGroupRec> }).instanceGroups?.[
    groupId
  ];
}

/** The caller's group of that name in the routed region (names are unique per account and region). */
function groupNamed(ctx: Ctx<Data<"instanceGroups">>, name: string) {
  return ctx.data.instanceGroups.list(ctx.owner).find((g) => g.name === name);
}

function nameTaken(name: string, account: string) {
  return conflict(
    `Unable to create Instance group, a group with name ${name} already exists for Account ${account}`,
  );
}

/** createInstanceGroup: a name not yet used by the account in the region. Synchronous: `{id}`, no job. */
export function create(ctx: GCtx) {
  const name = withinLength("name", reqStr(body(ctx), "name"));
  if (groupNamed(ctx, name)) throw nameTaken(name, ctx.user.sub);
  const g = ctx.data.instanceGroups.insert(ctx.owner, { name }, isoNow(ctx));
  return accepted(g.id, undefined, audited(ctx.data.instanceGroups.resourceType, g.id));
}

/** A seeded group (POST /_emulator/seed): the create's rules on its name, which defaults to `group-<id>`. */
export function seed(item: Obj, { id, owner, records }: SeedScope<InstanceGroupRec>) {
  const name = withinLength("name", str(item, "name") ?? `group-${id.slice(0, 8)}`);
  if (records.some((g) => g.name === name)) throw nameTaken(name, owner.account);
  return { name };
}

/**
 * GET /instance-groups: the user's groups of every active region (or of the one X-Region-Context names), filters
 * `id`, `name` (exact) and `keyword` (part of the name). A region the user has no account in, or one an injected
 * region fault makes fail, is an entry of `regionErrors`; the others still answer.
 */
export function listInstanceGroups(ctx: GCtx) {
  const picked = regionFromHeader(ctx.store, ctx.headers["x-region-context"]);
  const regions = picked ? [picked] : ctx.store.state.regions.filter((r) => r.active);
  const match = listFilter<InstanceGroupRec>(query(ctx), { id: "id", name: "name" }, ["name"]);
  const regionErrors: Record<string, string> = {};
  const groups: ReturnType<typeof view>[] = [];
  for (const region of regions) {
    if (!ctx.user.regionIds.includes(region.id)) {
      regionErrors[region.id] = noAccountIn(ctx.user.sub, region);
      continue;
    }
    const fault = ctx.regionFault?.(region);
    if (fault) {
      regionErrors[region.id] = `Injected fault: status ${fault.status} in region ${region.name}`;
      continue;
    }
    for (const g of ctx.data.instanceGroups.list(ownerIn(ctx.user.sub, region)))
      if (match(g)) groups.push(view(ctx.store, g));
  }
  return ok({ instancegroups: groups, count: groups.length, regionErrors });
}

/**
 * PUT /instance-groups/{id}?name=: updateInstanceGroup, synchronous; answers the group. Its members follow (they
 * name it by id). A name another group of the account has: 409.
 */
export function update(ctx: GCtx) {
  const g = ctx.data.instanceGroups.find(ctx.owner, ctx.params.id);
  const name = str(queryOnly(ctx, ["name"]), "name");
  if (name !== undefined && name !== g.name) {
    if (name.trim() === "") throw badRequest("Instance group name must not be empty");
    withinLength("name", name);
    if (groupNamed(ctx, name)) {
      throw conflict(`Unable to update vm group, a group with name ${name} already exists for account`);
    }
    ctx.data.instanceGroups.update(g, { name }, isoNow(ctx));
  }
  return ok(view(ctx.store, g), audited(ctx.data.instanceGroups.resourceType, g.id));
}

/** deleteInstanceGroup, synchronous: its members stay, outside any group (deleteVmGroup drops the mappings). */
export function remove(ctx: GCtx) {
  const g = ctx.data.instanceGroups.find(ctx.owner, ctx.params.id);
  for (const vm of ctx.data.instances.where((i) => i.groupId === g.id)) {
    ctx.data.instances.update(vm, { groupId: undefined });
  }
  ctx.data.instanceGroups.delete(g.id);
  return accepted(g.id, undefined, audited(ctx.data.instanceGroups.resourceType, g.id));
}

/**
 * The group an instance update names (updateVirtualMachine's `group`): found by name in the instance's region,
 * made when the account has none of that name (VmGroupServiceImpl.addInstanceToGroup creates it).
 */
export function joinGroup(ctx: Ctx<Data<"instanceGroups">>, name: string): string {
  if (name.trim() === "") {
    throw badRequest(
      "Instance group name must not be empty",
      "An instance leaves its group when the group is deleted or when it joins another one",
    );
  }
  withinLength("name", name);
  const found = groupNamed(ctx, name);
  return found?.id ?? ctx.data.instanceGroups.insert(ctx.owner, { name }, isoNow(ctx)).id;
}
