// What VPCs and networks share: a name and a description changed in place by one synchronous PUT, a zone, their
// own tag collection and allowance, and the states of the platform's network resources.

import type { CallOptions } from "../client";
import { id, text } from "../lifecycle/check";
import type { Recorded } from "../lifecycle/fieldSpec";
import type { QuotaUse } from "../lifecycle/kindSpec";
import type { Session } from "../lifecycle/session";
import { commonFields, field, nameField, zoneField } from "./common";

export const namedStates = {
  busy: ["Implementing", "Allocating", "Creating", "Destroying", "Restarting", "Shutdown"],
  gone: ["Destroyed", "Expunged"],
  deleting: "Destroying",
  failed: "Error",
};

/**
 * What a named kind declares besides its fields and calls: named from the resource, tagged through its own
 * collection (`collection`), counted against its allowance (`<collection>Limit`, `<collection>Count`), in the
 * platform's network states.
 */
export function namedKind<const C extends "vpc" | "network">(collection: C) {
  return {
    nameFromResource: true,
    tags: collection,
    quota: { limit: `${collection}Limit` as const, count: `${collection}Count` as const },
    alsoUses: [sourceNatAddress(collection)],
    states: namedStates,
  };
}

/**
 * The source-NAT address the platform gives every new VPC and isolated network, which counts against the public IP
 * allowance (CloudStack's `public_ip` resource count, `max.account.public.ips`): a program of many VPCs passes that
 * allowance before its own cim.PublicIps do. A network given a `vpcId` (known or not yet) is a tier, which uses its
 * VPC's address and makes none.
 */
function sourceNatAddress(collection: "vpc" | "network"): QuotaUse {
  return {
    quota: { limit: "publicIpLimit", count: "publicIpCount" },
    noun: "public IP",
    count: 1,
    // the platform gives a new VPC or network its address whatever the allowance: the cim.PublicIps fail
    granted: "the source-NAT addresses of new VPCs and isolated networks",
    ...(collection === "network"
      ? {
          when: (i: Recorded) => i.vpcId === undefined || i.vpcId === null,
          doc: "Each create of an isolated network (no `vpcId`) also uses 1 public IP allowance: its source-NAT address. A VPC tier uses its VPC's.",
        }
      : { doc: "Each create also uses 1 public IP allowance: the VPC's source-NAT address." }),
  };
}

/**
 * The common fields, `name` (required unless adopting) and `displayText`, both renamed in place, and the zone
 * (a zone of the region).
 */
export function namedFields(noun: string) {
  return {
    ...commonFields,
    name: nameField(noun, "update"),
    displayText: field(text("a description; the API uses the name when left out").optional(), {
      doc: `A description of the ${noun}; the API uses the name when left out.`,
      change: "update",
      live: true,
      present: true,
    }),
    zoneId: zoneField(
      `Zone of the ${noun} (a zone of the region).`,
      id(`the zone of the ${noun}, in the resource's region (GET /api/v1/zones)`),
    ),
  };
}

/** What a named create sends of the names: the display text is the name unless given. */
export const namedCreate = <I extends { name?: string; displayText?: string }>(i: I) => ({
  ...i,
  name: i.name ?? "",
  displayText: i.displayText ?? i.name ?? "",
});

type Rename = (
  id: string,
  changes: { name?: string; displayText?: string },
  o?: CallOptions,
) => Promise<unknown>;

/**
 * The apply hook of a kind whose in-place fields `keys` all go in one synchronous update call: it sends those
 * that changed (the others left out, so the API keeps them), and nothing when none did.
 */
export function applyChanged<const K extends string>(
  keys: readonly K[],
  send: (s: Session, id: string, changes: Partial<Record<K, string>>) => Promise<unknown>,
) {
  return async (
    s: Session,
    live: { id: string },
    want: Partial<Record<K, string | undefined>>,
    changed: ReadonlySet<string>,
  ) => {
    const put: Partial<Record<K, string>> = {};
    for (const k of keys) if (changed.has(k) && want[k] !== undefined) put[k] = want[k];
    if (Object.keys(put).length) await send(s, live.id, put);
  };
}

/** The apply hook of a named kind: one PUT with the names that differ. */
export function renameApply(rename: (s: Session) => Rename) {
  return applyChanged(["name", "displayText"], (s, id, put) => rename(s)(id, put, { region: s.region }));
}
