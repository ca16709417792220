// cim.MultiRegionGroup: a group that joins VPCs of several regions (the spec's multi-region groups). The group
// lives in the region its create was routed to (its `region`); its members are their own resources
// (cim.MultiRegionGroupVpc), one per VPC, so a program's diff shows each VPC joining or leaving and a join that
// fails is kept as that member's partial state without touching the group or the other members. Created and
// renamed synchronously, deleted by a job that takes every member out. Creates count against maxMultiRegions
// (GET /multi-regions/quota): preview warns past it, and a create the API refuses says which allowance.

import { z } from "zod";
import { ConflictError, type MultiRegionGroup } from "../../client";
import {
  commonFields,
  created,
  descriptionField,
  nameField,
  recordCalls,
  uniqueName,
} from "../../kinds/common";
import { defineKind } from "../../kinds/define";
import { examples, exported } from "../../kinds/examples";
import { applyChanged } from "../../kinds/named";
import type { Session } from "../../lifecycle/session";

/** The API's refusal of a create at the ceiling, said with the allowance and what to do. */
async function createError(s: Session, err: unknown): Promise<unknown> {
  if (!(err instanceof ConflictError)) return err;
  const quota = await s.client.catalogue.multiRegionQuota().catch(() => undefined);
  if (!quota || quota.currentMultiRegions < quota.maxMultiRegions) return err;
  return new Error(
    `the account has ${quota.currentMultiRegions} of ${quota.maxMultiRegions} multi-region groups in use ` +
      `(maxMultiRegions, GET /api/v1/multi-regions/quota), in every region together: delete a group or ask ` +
      `for a higher maxMultiRegions, then run pulumi up again. The API answered: ${err.message}`,
  );
}

export const multiRegionGroup = defineKind({
  name: "MultiRegionGroup",
  noun: "multi-region group",
  summary: "A group that joins VPCs of several regions; each VPC joins through a cim.MultiRegionGroupVpc.",
  ...examples(["mesh"], [exported("meshId", "mesh.id")]),
  nameFromResource: true,
  quota: { source: "multi-regions", limit: "maxMultiRegions", count: "currentMultiRegions" },
  // Revoke while its delete job takes the members out
  states: { busy: ["Revoke"], deleting: "Revoke" },
  fields: {
    ...commonFields,
    name: {
      ...nameField("multi-region group", "update"),
      doc: "The multi-region group's name, unique in the account and region (default: the resource name).",
    },
    description: descriptionField("what the group is for", "update"),
  },
  outputs: {
    state: {
      doc: "Active, or Revoke while it is being deleted.",
      schema: z.string(),
      from: (g: MultiRegionGroup) => g.state ?? "",
    },
    created,
  },
  // the API refuses a second multi-region group of the same name
  exclusive: [uniqueName("multi-region group", "group names are unique per account in a region")],
  api: {
    ...recordCalls((c) => c.multiRegions),
    create: (s, i) =>
      s.client.multiRegions.create({ name: i.name ?? "", description: i.description }, { region: s.region }),
    createRefused: (s, err) => createError(s, err),
    apply: applyChanged(["name", "description"], (s, id, put) =>
      s.client.multiRegions.update(id, put, { region: s.region }),
    ),
  },
  importer: { order: 40, prefix: "multiRegion" },
});
