// cim.NetworkAclRule: one rule of a network ACL list, managed only under /network-acls/rules. Created, changed
// and deleted by jobs (the platform's createNetworkACL, updateNetworkACLItem, deleteNetworkACL). Everything but
// the list it belongs to changes in place, as updateNetworkACLItem allows: one update sets the whole rule.
// Check holds the platform's rules (ports 1–65535 with start ≤ end and only for tcp/udp, ICMP type and code
// only for icmp, CIDRs) so a bad rule fails at preview.

import { isIPv6 } from "node:net";
import { z } from "zod";
import type { AclRuleInput, NetworkAclRule } from "../../client";
import { type AnyCase, commonFields, field, output, word } from "../../kinds/common";
import { defineKind, type Recorded } from "../../kinds/define";
import { examples, outputOf, resource } from "../../kinds/examples";
import { id, text, whenKnown } from "../../lifecycle/check";
import { formatIpv4, parseCidr } from "../../lifecycle/net";
import { waitFor } from "../../lifecycle/session";
import { sameSet } from "../../lifecycle/values";
import { notADefaultList } from "./networkAclList";

export const ACL_PROTOCOLS = ["tcp", "udp", "icmp", "all"] as const;

const PROTOCOL_RULE =
  "one of tcp, udp, icmp, all, or a protocol number from 0 to 255 (47 for GRE, 50 for ESP)";

/**
 * A rule's protocol as CloudStack's createNetworkACL takes it (NetworkACLServiceImpl.validateProtocol): a name of
 * ACL_PROTOCOLS in any case, or a protocol number 0–255 as text. The number is kept as written (the platform stores
 * and answers it so), except 1, which the command turns into `icmp` (it is paired with an ICMP type and code).
 */
const aclProtocol = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
  z
    .string({
      error: (i) => (i.input === undefined ? `is required: ${PROTOCOL_RULE}` : `must be ${PROTOCOL_RULE}`),
    })
    .refine(
      (p) => (ACL_PROTOCOLS as readonly string[]).includes(p) || /^\d+$/.test(p),
      `must be ${PROTOCOL_RULE}`,
    )
    .refine((p) => !/^\d+$/.test(p) || Number(p) <= 255, {
      message: `must be from 0 to 255 as a protocol number: ${PROTOCOL_RULE}`,
      abort: true,
    })
    .transform((p) => (/^\d+$/.test(p) && Number(p) === 1 ? "icmp" : p)),
) as unknown as z.ZodType<string, AnyCase<(typeof ACL_PROTOCOLS)[number]>>; // the names complete in an editor

/**
 * The protocols that take ports, by name. CloudStack's API refuses ports only with icmp and all, but its virtual
 * router writes a rule's ports as `-m <protocol> --dport …` (systemvm CsAcl), a match only the names tcp and udp
 * load: ports with a number (even 6 or 17) fail when the router applies the list.
 */
const PORTED = ["tcp", "udp"];

const whole = (min: number, max: number, rule: string) =>
  z
    .number({ error: `must be a whole number: ${rule}` })
    .int(`must be a whole number: ${rule}`)
    .min(min, `must be from ${min} to ${max}: ${rule}`)
    .max(max, `must be from ${min} to ${max}: ${rule}`);

/** An IPv4 range written as its network address, or an IPv6 range, in CIDR notation. */
const cidr = z
  .string({ error: "must be a string: a CIDR such as 10.0.0.0/8, 0.0.0.0/0 or ::/0" })
  .trim()
  .superRefine((s, ctx) => {
    const slash = s.indexOf("/");
    const v6 = slash > 0 && isIPv6(s.slice(0, slash)) && /^\d{1,3}$/.test(s.slice(slash + 1));
    if (v6 && Number(s.slice(slash + 1)) <= 128) return;
    const loose = parseCidr(s, false);
    if (!loose) {
      ctx.addIssue({
        code: "custom",
        message: `must be a CIDR such as 203.0.113.0/24, 0.0.0.0/0 or ::/0 (got "${s}")`,
      });
    } else if (!parseCidr(s, true)) {
      ctx.addIssue({
        code: "custom",
        message: `must be written as its network address: ${formatIpv4(loose.base)}/${loose.prefix}, not ${s}`,
      });
    }
  });

const cidrList = z
  .array(cidr, { error: 'must be a list of CIDRs, e.g. ["10.0.0.0/8"]' })
  .min(1, 'must name at least one CIDR, e.g. ["0.0.0.0/0"] for anywhere');

/** Absent and null are the same ("none"), for values the API leaves out. */
const sameOrNone = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);
const lower = (v: string | undefined) => v?.toLowerCase();
const icmpDefault = (news: Recorded) => (news.protocol === "icmp" ? -1 : null);

/**
 * The rule as the kind holds it: the client's fields (aclRuleRequest), any of them null for "none", and the kind's
 * `description` for the API's `reason`.
 */
type Rule = { [K in keyof AclRuleInput]?: AclRuleInput[K] | null } & Pick<
  AclRuleInput,
  "aclId" | "protocol" | "cidrList"
> & {
    description?: string | null;
  };

/** The fields that are set (null is the kind's "none", which the API takes as left out). */
const setFields = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], null>;
  };

/**
 * The whole rule as the API takes it (an update sets every field; what is left out is cleared): the kind's fields
 * as they are, and the ones the API names or defaults otherwise. The client sends its declared keys only.
 */
const ruleInput = (i: Rule, number?: number): AclRuleInput => ({
  ...setFields(i),
  number: i.number ?? number,
  endPort: i.endPort ?? i.startPort ?? undefined,
  action: i.action ?? "allow",
  trafficType: i.trafficType ?? "ingress",
  reason: i.description ?? undefined,
});

export const networkAclRule = defineKind({
  name: "NetworkAclRule",
  noun: "network ACL rule",
  taggedAs: "NetworkACL",
  summary:
    "A rule of a network ACL list: protocol, ports or ICMP type, CIDRs, allow or deny, ingress or egress.",
  ...examples(
    ["zoneId", "vpc", "webAcl"],
    [
      ...[
        { name: "https", number: 10, startPort: 443, cidr: "0.0.0.0/0" },
        { name: "ssh", number: 20, startPort: 22, cidr: "10.8.0.0/16" },
      ].map(({ name, number, startPort, cidr }) =>
        resource("NetworkAclRule", name, {
          aclId: outputOf("webAcl.id"),
          number,
          protocol: "tcp",
          startPort,
          cidrList: [cidr],
        }),
      ),
      resource("NetworkAclRule", "no-ping-out", {
        aclId: outputOf("webAcl.id"),
        protocol: "icmp",
        trafficType: "egress",
        action: "deny",
        cidrList: ["0.0.0.0/0"],
      }),
    ],
  ),
  createVerb: "add",
  label: (rec) => (rec.number === undefined ? undefined : `rule ${String(rec.number)}`),
  states: { busy: ["Add"], deleting: "Revoke" },
  fields: {
    ...commonFields,
    aclId: field(id("the network ACL list of the rule (a cim.NetworkAclList's id)"), {
      doc: "The list the rule belongs to (`cim.NetworkAclList` id; not a default list).",
      change: "replace",
      live: true,
      ref: { kind: "NetworkAclList", mustExist: true, requires: notADefaultList },
    }),
    number: field(whole(1, 2147483647, "the rule's place in its list, unique there").optional(), {
      doc: "Its place in the list (rules are matched in this order), unique in the list; the API picks the next when left out.",
      change: "update",
      live: true,
    }),
    protocol: field(aclProtocol, {
      doc: '`tcp`, `udp`, `icmp` or `all` (any case), or an IP protocol number from `0` to `255` as text (`"47"` GRE, `"50"` ESP); `"1"` is `icmp`. Ports are for `tcp` and `udp` by name only, ICMP type and code for `icmp` only.',
      change: "update",
      live: (r: NetworkAclRule) => lower(r.protocol),
    }),
    startPort: field(whole(1, 65535, "a port of tcp or udp").optional(), {
      doc: "First port (1–65535; tcp and udp only).",
      change: "update",
      unset: () => null,
      same: sameOrNone,
      live: (r: NetworkAclRule) => r.startPort ?? null,
    }),
    endPort: field(whole(1, 65535, "a port of tcp or udp").optional(), {
      doc: "Last port (1–65535, at least startPort; defaults to startPort).",
      change: "update",
      unset: (news) => news.startPort ?? null,
      derived: true,
      docDefault: "`startPort`",
      same: sameOrNone,
      live: (r: NetworkAclRule) => r.endPort ?? null,
    }),
    icmpType: field(whole(-1, 255, "an ICMP type of an icmp rule, -1 for any").optional(), {
      doc: "ICMP type (icmp only; -1 for any, the default).",
      change: "update",
      unset: icmpDefault,
      derived: true,
      docDefault: "`-1` (icmp rules)",
      same: sameOrNone,
      live: (r: NetworkAclRule) => r.icmpType ?? null,
    }),
    icmpCode: field(whole(-1, 16, "an ICMP code of an icmp rule, -1 for any").optional(), {
      doc: "ICMP code (icmp only; -1 for any, the default).",
      change: "update",
      unset: icmpDefault,
      derived: true,
      docDefault: "`-1` (icmp rules)",
      same: sameOrNone,
      live: (r: NetworkAclRule) => r.icmpCode ?? null,
    }),
    cidrList: field(cidrList, {
      doc: "Where traffic comes from (ingress) or goes to (egress): IPv4 or IPv6 CIDRs; order does not matter.",
      change: "update",
      same: sameSet,
      live: (r: NetworkAclRule) => r.cidrList,
    }),
    action: field(word(["allow", "deny"], "allow or deny").optional(), {
      doc: "`allow` (default) or `deny`.",
      change: "update",
      unset: () => "allow",
      live: (r: NetworkAclRule) => lower(r.action),
    }),
    trafficType: field(word(["ingress", "egress"], "ingress or egress").optional(), {
      doc: "`ingress` (default) or `egress`.",
      change: "update",
      unset: () => "ingress",
      live: (r: NetworkAclRule) => lower(r.trafficType),
    }),
    description: field(text("why the rule exists").optional(), {
      doc: "Why the rule exists (the API's `reason`).",
      change: "update",
      unset: () => null,
      same: sameOrNone,
      live: (r: NetworkAclRule) => r.reason ?? null,
    }),
  },
  outputs: {
    aclName: output("The list's name."),
    state: output("The API's rule state (Add while being applied, Active, Revoke while being removed)."),
  },
  rules(values, fail) {
    whenKnown(values, ["protocol", "startPort", "endPort", "icmpType", "icmpCode"], () => {
      const v = values as { protocol?: string; startPort?: number; endPort?: number };
      const { icmpType, icmpCode } = values as { icmpType?: number; icmpCode?: number };
      const ports = v.protocol !== undefined && PORTED.includes(v.protocol);
      // 6 and 17 are tcp and udp by number, but the router matches ports only of a rule that names them
      const byName = v.protocol === "6" ? "tcp" : v.protocol === "17" ? "udp" : undefined;
      if (v.protocol !== undefined && !ports) {
        for (const k of ["startPort", "endPort"] as const)
          if (v[k] !== undefined)
            fail(
              k,
              `${k} applies to tcp and udp rules only (protocol is ${v.protocol})${byName ? `: write protocol "${byName}" to give ports` : ""}`,
            );
      }
      if (v.endPort !== undefined && v.startPort === undefined)
        fail("startPort", "startPort is required with endPort: a port range is startPort to endPort");
      if (ports && v.startPort !== undefined && v.endPort !== undefined && v.startPort > v.endPort)
        fail(
          "endPort",
          `endPort ${v.endPort} is below startPort ${v.startPort}: the range is startPort to endPort`,
        );
      if (v.protocol !== undefined && v.protocol !== "icmp") {
        if (icmpType !== undefined)
          fail("icmpType", `icmpType applies to icmp rules only (protocol is ${v.protocol})`);
        if (icmpCode !== undefined)
          fail("icmpCode", `icmpCode applies to icmp rules only (protocol is ${v.protocol})`);
      }
    });
  },
  // a number is unique in its list: the API refuses a second rule with it (a 409)
  exclusive: [
    {
      property: "number",
      needs: ["aclId", "number"],
      claimed: (i) =>
        typeof i.aclId === "string" && typeof i.number === "number" ? `${i.aclId}/${i.number}` : undefined,
      held: (r: NetworkAclRule) =>
        r.aclId && typeof r.number === "number" ? `${r.aclId}/${r.number}` : undefined,
      shown: (v: string) =>
        `number ${v.slice(v.lastIndexOf("/") + 1)} of network ACL list ${v.slice(0, v.lastIndexOf("/"))}`,
      reason: (i, r: NetworkAclRule) =>
        `number ${String(i.number)} is taken in network ACL list ${String(i.aclId)}: rule ${r.id} has it, and a rule's number is unique in its list (the API refuses a second)`,
      otherwise: "pick another number, or leave number out for the next free one",
    },
  ],
  api: {
    get: (s, id) => s.client.networkAcls.getRule(id, { region: s.region }),
    list: async (s) => (await s.client.networkAcls.listAllRules({ region: s.region })).items,
    create: (s, i) => s.client.networkAcls.createRule(ruleInput(i), { region: s.region }),
    async apply(s, live, want, _changed, op) {
      const { aclId: _, ...rule } = ruleInput(want, live.number);
      await waitFor(s, await s.client.networkAcls.updateRule(live.id, rule, { region: s.region }), op);
    },
    delete: (s, live) => s.client.networkAcls.deleteRule(live.id, { region: s.region }),
  },
  importer: {
    order: 16,
    prefix: "aclRule",
    name: (r, nameOf) => `${nameOf(r.aclId) ?? r.aclName ?? "acl"}-${r.number ?? "rule"}`,
  },
});
