// What the two load-balancer kinds (cim.LoadBalancerRule, cim.InternalLoadBalancer) declare alike, because the
// platform treats them alike (CloudStack's updateLoadBalancerRule, assignToLoadBalancerRule and
// removeFromLoadBalancerRule serve both schemes): the name, description and algorithm, changed in place by one
// update job; the members, changed in place by remove and add jobs; the port and algorithm rules of check.

import { z } from "zod";
import type { AcceptedMutation, CallOptions, UpdateLoadBalancerRuleInput } from "../client";
import { convergeMembers, membersField } from "../lifecycle/members";
import { type Session, waitFor } from "../lifecycle/session";
import type { Operation } from "../lifecycle/timeouts";
import { descriptionField, field, nameField } from "./common";

export const LB_ALGORITHMS = ["roundrobin", "leastconn", "source"] as const;

/** A choice among lower-case words, given in any case. */
export const word = <T extends string>(values: readonly [T, ...T[]], rule: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
    z.enum(values, { error: (i) => (i.input === undefined ? `is required: ${rule}` : `must be ${rule}`) }),
  );

/** A port, 1–65535. */
export const port = (rule: string) =>
  z
    .number({ error: (i) => (i.input === undefined ? `is required: ${rule}` : `must be a number: ${rule}`) })
    .int(`must be a whole number from 1 to 65535: ${rule}`)
    .min(1, `must be from 1 to 65535: ${rule}`)
    .max(65535, `must be from 1 to 65535: ${rule}`);

export const lower = (v: string | undefined) => v?.toLowerCase();

/** What every balancer record shows of the shared fields. */
export interface BalancerRecord {
  description?: string;
  algorithm?: string;
  memberIds: string[];
}

/**
 * The shared fields: `noun` names the balancer in the rules ("rule", "load balancer"); `members` says where the
 * member instances must be.
 */
export function balancerFields(noun: string, members: string) {
  return {
    name: {
      doc: "The name (the SDK defaults it to the resource name). Changed in place.",
      ...nameField(noun, "update"),
    },
    description: {
      doc: "What it is for. Changed in place.",
      ...descriptionField(`what the ${noun} is for`, "update", 4096),
    },
    algorithm: field(word(LB_ALGORITHMS, "one of roundrobin, leastconn, source").optional(), {
      doc: "`roundrobin` (default), `leastconn` or `source`. Changed in place.",
      change: "update",
      unset: () => "roundrobin",
      live: (r: BalancerRecord) => lower(r.algorithm),
    }),
    memberIds: {
      doc: "The member instances (ids); order does not matter. Changed in place: one job removes those that left, one adds those that came.",
      ...membersField(members, "Instance", (r: BalancerRecord) => r.memberIds),
    },
  };
}

/** The client calls of a balancer family that change it in place, each a job. */
export interface BalancerCalls {
  update(id: string, input: UpdateLoadBalancerRuleInput, o?: CallOptions): Promise<AcceptedMutation>;
  assign(id: string, ids: readonly string[], o?: CallOptions): Promise<AcceptedMutation>;
  remove(id: string, ids: readonly string[], o?: CallOptions): Promise<AcceptedMutation>;
}

export interface BalancerWant {
  name?: string;
  description?: string;
  algorithm?: string;
  memberIds?: string[];
}

/** The kind's `apply`: one update job for name, description and algorithm, then the member jobs. */
export function applyBalancer(calls: (s: Session) => BalancerCalls) {
  return async (
    s: Session,
    live: { id: string; memberIds: string[] },
    want: BalancerWant,
    changed: ReadonlySet<string>,
    op: Operation,
  ): Promise<void> => {
    const family = calls(s);
    const o = { region: s.region };
    if (changed.has("name") || changed.has("description") || changed.has("algorithm")) {
      const update = {
        name: changed.has("name") ? want.name : undefined,
        description: changed.has("description") ? want.description : undefined,
        algorithm: changed.has("algorithm") ? (want.algorithm ?? "roundrobin") : undefined,
      };
      await waitFor(s, await family.update(live.id, update, o), op);
    }
    if (changed.has("memberIds")) {
      await convergeMembers(s, op, live.memberIds, want.memberIds ?? [], {
        add: (ids) => family.assign(live.id, ids, o),
        remove: (ids) => family.remove(live.id, ids, o),
      });
    }
  };
}
