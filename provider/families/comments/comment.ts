// cim.Comment: a comment (the spec's annotation) on a volume, network, public IP, VPC or Kubernetes cluster, which
// all have them "with identical shapes". One target field per kind of resource, exactly one given, so a program
// writes `volumeId: data.id` and generated programs refer to the adopted resource. The text cannot be edited
// (a change replaces); visibility changes in place through the visibility route, which any user's token reaches
// (the spec's authorization is whole-account: no extra permission on a customer-facing route). Only volumes expose
// a DELETE for a comment: deleting any other comment removes it from the stack, leaves it in the cloud (until its
// resource goes) and says so in a warning.

import {
  COMMENT_TEXT_MAX,
  type CommentCollection,
  type Comment as CommentRecord,
  DELETABLE_COMMENTS,
} from "../../client";
import { commonFields, created, field, noneIsNull, notShared, output } from "../../kinds/common";
import { defineKind, type Recorded } from "../../kinds/define";
import { examples, outputOf, resource } from "../../kinds/examples";
import { bool, optionalId, text, whenKnown } from "../../lifecycle/check";
import { keptInCloud, readOrGone } from "../../lifecycle/errors";
import { type Session, waitFor } from "../../lifecycle/session";

/** A comment as read, with the collection it was read under. */
export type LiveComment = CommentRecord & { on: CommentCollection };

/** The target fields: which collection each names, the kind of resource, and how messages call it. */
const TARGETS = {
  volumeId: { on: "volume", kind: "Volume", noun: "volume" },
  networkId: { on: "network", kind: "Network", noun: "network" },
  publicIpId: { on: "publicIp", kind: "PublicIp", noun: "public IP" },
  vpcId: { on: "vpc", kind: "Vpc", noun: "VPC" },
  kubernetesClusterId: { on: "cluster", kind: "KubernetesCluster", noun: "Kubernetes cluster" },
} as const satisfies Record<string, { on: CommentCollection; kind: string; noun: string }>;

type TargetField = keyof typeof TARGETS;
const TARGET_FIELDS = Object.keys(TARGETS) as TargetField[];
const ONE_OF = "give exactly one of volumeId, networkId, publicIpId, vpcId and kubernetesClusterId";

function target(name: TargetField) {
  const { on, kind, noun } = TARGETS[name];
  return field(optionalId(`the ${noun} to comment on; ${ONE_OF}`), {
    change: "replace",
    // left out means none (exactly one target is given): moving a comment shows both fields
    unset: () => null,
    same: noneIsNull,
    live: (c: LiveComment) => (c.on === on ? c.entityId : null),
    ref: {
      kind,
      mustExist: true,
      ...(name === "networkId"
        ? { requires: notShared("it takes no comment (the API refuses any change to it)") }
        : {}),
    },
  });
}

/** The target a program (or a recorded state) names, if it names one. */
function targetIn(rec: Recorded) {
  const field = TARGET_FIELDS.find((k) => typeof rec[k] === "string" && rec[k]);
  return field && { field, ...TARGETS[field], id: String(rec[field]) };
}

function targetOf(rec: Recorded) {
  const found = targetIn(rec);
  if (!found) throw new Error(`a comment names the resource it is on: ${ONE_OF}`);
  return found;
}

const nounOf = (on: CommentCollection) => Object.values(TARGETS).find((t) => t.on === on)!.noun;

/** A comment the API cannot delete: dropped from the stack, left in the cloud, and the user told so. */
function keepInCloud(s: Session, live: LiveComment) {
  const noun = nounOf(live.on);
  return keptInCloud(
    s,
    { name: `on ${noun} ${live.entityName || live.entityId}`, id: live.id },
    `the API cannot delete a comment on a ${noun} (only comments on volumes can be deleted). It stays on ${noun} ${live.entityId} and goes when the ${noun} does (the platform deletes a resource's comments with it).`,
  );
}

export const comment = defineKind({
  name: "Comment",
  noun: "comment",
  summary: "A comment (the API's annotation) on a volume, network, public IP, VPC or Kubernetes cluster.",
  ...examples(
    ["zoneId", "templateId", "serviceOfferingId", "diskOfferingId", "db", "data"],
    [
      resource("Comment", "data-owner", {
        volumeId: outputOf("data.id"),
        text: "owned by the payments team; restore tested weekly",
      }),
    ],
  ),
  label: (rec) => {
    const t = targetIn(rec);
    return t && `on ${t.noun} ${t.id}`;
  },
  fields: {
    ...commonFields,
    volumeId: {
      doc: "The volume to comment on (exactly one target).",
      ...target("volumeId"),
    },
    networkId: {
      doc: "The network to comment on (exactly one target).",
      ...target("networkId"),
    },
    publicIpId: {
      doc: "The public IP to comment on (exactly one target).",
      ...target("publicIpId"),
    },
    vpcId: { doc: "The VPC to comment on (exactly one target).", ...target("vpcId") },
    kubernetesClusterId: {
      doc: "The Kubernetes cluster to comment on (exactly one target).",
      ...target("kubernetesClusterId"),
    },
    text: field(text(`the comment's text (the API's annotation)`, COMMENT_TEXT_MAX), {
      doc: "The comment (the API's `annotation`), at most 255 characters.",
      changeNote:
        "the API has no edit: a new comment is added; the old one is deleted on a volume and stays on any other resource (the API deletes only volume comments)",
      change: "replace",
      live: (c: LiveComment) => c.annotation,
    }),
    adminsOnly: field(bool("whether only administrators see the comment"), {
      doc: "Marked for the platform's administrators only (default false).",
      changeNote: "the visibility route",
      change: "update",
      unset: () => false,
      live: (c: LiveComment) => c.adminsOnly === true,
      present: true,
    }),
  },
  outputs: {
    username: output("Who wrote it (the API's `username`)."),
    created,
  },
  rules(values, fail) {
    whenKnown(values, TARGET_FIELDS, () => {
      const given = TARGET_FIELDS.filter((k) => values[k] !== undefined);
      if (given.length === 0) fail("volumeId", `a comment needs the resource it is on: ${ONE_OF}`);
      for (const k of given.slice(1)) fail(k, `${ONE_OF}: ${given.join(" and ")} are given`);
    });
  },
  api: {
    async get(s, id, rec) {
      const found = targetIn(rec);
      if (found)
        return { ...(await s.client.comments.get(found.on, id, { region: s.region })), on: found.on };
      // An import gives the id alone: the comment's id sits directly under one of the collections, read in
      // turn (the last one's 404 says it is nowhere).
      const collections = Object.values(TARGETS).map((t) => t.on);
      for (const on of collections.slice(0, -1)) {
        const c = await readOrGone(() => s.client.comments.get(on, id, { region: s.region }));
        if (c) return { ...c, on };
      }
      const on = collections[collections.length - 1];
      return { ...(await s.client.comments.get(on, id, { region: s.region })), on };
    },
    create(s, i) {
      const { on, id } = targetOf(i);
      return s.client.comments.add(
        { kind: on, id },
        { annotation: i.text, adminsOnly: i.adminsOnly ?? false },
        { region: s.region },
      );
    },
    async apply(s, live, want, changed, op) {
      if (!changed.has("adminsOnly")) return;
      const accepted = await s.client.comments.setVisibility(live.on, live.id, want.adminsOnly ?? false, {
        region: s.region,
      });
      await waitFor(s, accepted, op);
    },
    async delete(s, live) {
      if (DELETABLE_COMMENTS.has(live.on)) return s.client.comments.remove(live.id, { region: s.region });
      return keepInCloud(s, live);
    },
  },
  importer: {
    order: 60,
    prefix: "comment",
    name: (c, nameOf) => `${nameOf(c.entityId) ?? nounOf(c.on).replace(/ /g, "-")}-comment`,
    sortKey: (c) => `${c.entityId}/${c.created ?? ""}`,
    /** The comments of each adopted volume, network, public IP, VPC and cluster. */
    list: async (s, adopted) =>
      (
        await Promise.all(
          Object.values(TARGETS).flatMap((t) =>
            (adopted[t.kind] ?? []).map(async (r) =>
              (
                await s.client.comments.list({ kind: t.on, id: r.id }, { region: s.region })
              ).map((c): LiveComment => ({ ...c, on: t.on })),
            ),
          ),
        )
      ).flat(),
  },
});
