// Rules of network ACL lists, managed only under /network-acls/rules, as CloudStack keeps them (createNetworkACL,
// listNetworkACLs, updateNetworkACLItem, deleteNetworkACL; the checks of NetworkACLServiceImpl.validateNetworkACLItem
// and the command's defaults). Every change is a job; the rule shows CloudStack's NetworkACLItem state meanwhile.
import { isIPv6 } from "node:net";
import {
  isoNow,
  paging,
  passThrough,
  recordJob,
  refusalOf,
  refusedInJob,
  stateJob,
} from "../../handlers/common";
import { body, bool, int, type Obj, query, reqStr, str } from "../../handlers/input";
import { stampOf } from "../../handlers/lifecycle";
import { fieldsOf, ownedView } from "../../handlers/views";
import { badRequest, type Ctx, conflict, ok } from "../../http";
import type { JobEffect } from "../../jobs";
import { parseCidr } from "../../net";
import type { Owned } from "../../records";
import { type AclData, aclOf } from "./networkAcls";
import type { NetworkAclRuleRec } from "./records";

type ACtx = Ctx<AclData>;

const PROTOCOLS = "tcp,udp,icmp,all";

/** cidrList as a JSON array or CloudStack's comma-separated text. */
function cidrListOf(b: Obj): string[] | undefined {
  const v = b.cidrList;
  if (v === undefined || v === null) return undefined;
  const items = Array.isArray(v) ? v : typeof v === "string" ? v.split(",") : undefined;
  if (!items || items.some((c) => typeof c !== "string"))
    throw badRequest("Parameter 'cidrList' must be a list of CIDRs (an array, or text separated by commas)");
  return (items as string[]).map((c) => c.trim()).filter((c) => c !== "");
}

const validCidr = (c: string) => {
  const slash = c.indexOf("/");
  if (slash < 0) return false;
  const [addr, bits] = [c.slice(0, slash), c.slice(slash + 1)];
  if (!/^\d{1,3}$/.test(bits)) return false;
  return parseCidr(c) !== undefined || (isIPv6(addr) && Number(bits) <= 128);
};

/** CloudStack's rule validation (NetworkACLServiceImpl.validateNetworkACLItem and the command's defaults). */
function validateRule(r: Omit<NetworkAclRuleRec, keyof Owned | "state">): void {
  const { protocol, startPort, endPort, icmpType, icmpCode } = r;
  if (startPort !== undefined || endPort !== undefined) {
    // NetUtils.isValidPort: 1 to 65535 (0 is no port)
    const port = (p: number | undefined) => p !== undefined && p >= 1 && p <= 65535;
    if (!port(startPort)) throw badRequest(`Start public port is an invalid value: ${startPort ?? null}`);
    if (!port(endPort)) throw badRequest(`End public port is an invalid value: ${endPort ?? null}`);
    if (startPort! > endPort!) {
      throw badRequest(
        `Start port can't be bigger than end port [startport=${startPort},endport=${endPort}]`,
      );
    }
    if (protocol === "all") throw badRequest("start port and end port must be null if protocol = 'all'");
  }
  for (const c of r.cidrList) if (!validCidr(c)) throw badRequest(`Source cidrs formatting error ${c}`);
  if (/^\d+$/.test(protocol)) {
    // Integer.parseInt, then 0..255: the message shows the number parsed
    if (Number(protocol) > 255) throw badRequest(`Invalid protocol number: ${Number(protocol)}`);
  } else if (!PROTOCOLS.split(",").includes(protocol)) {
    throw badRequest(`Invalid protocol [${protocol}]. Expected one of: [${PROTOCOLS}]`);
  }
  const icmp = protocol === "icmp";
  if (!icmp && (icmpCode !== undefined || icmpType !== undefined))
    throw badRequest("Can specify icmpCode and icmpType for ICMP protocol only");
  if (icmp && (startPort !== undefined || endPort !== undefined))
    throw badRequest("Can't specify start/end port when protocol is ICMP");
  if (icmpType !== undefined && icmpType !== -1 && (icmpType < 0 || icmpType > 255))
    throw badRequest(`Invalid icmp type [${icmpType}]. It should belong to [0-255] range`);
  if (icmpCode !== undefined && icmpCode !== -1 && (icmpCode < 0 || icmpCode > 16)) {
    throw badRequest(
      `Invalid icmp code [${icmpCode}]. It should belong to [0-16] range and can be defined when icmpType belongs to [0-40] range`,
    );
  }
}

function actionOf(v: string | undefined): "Allow" | "Deny" | undefined {
  if (v === undefined || v.trim() === "") return undefined;
  if (/^allow$/i.test(v)) return "Allow";
  if (/^deny$/i.test(v)) return "Deny";
  throw badRequest(`Invalid action [${v}]. Permitted actions are Allow and Deny`);
}

function trafficOf(v: string | undefined): "Ingress" | "Egress" | undefined {
  if (v === undefined) return undefined;
  if (/^ingress$/i.test(v)) return "Ingress";
  if (/^egress$/i.test(v)) return "Egress";
  throw badRequest(`Invalid traffic type ${v}`);
}

/** A protocol as CloudStack's command reads it: trimmed, lower case; protocol number 1 is icmp. */
const protocolOf = (v: string) => {
  const p = v.trim().toLowerCase();
  return /^\d+$/.test(p) && Number(p) === 1 ? "icmp" : p;
};

function numberFree(ctx: ACtx, aclId: string, number: number, self?: string) {
  if (number < 1) throw badRequest(`Invalid number [${number}]. Number cannot be < 1`);
  const taken = ctx.data.networkAclRules.where((x) => x.aclId === aclId && x.number === number);
  if (taken.some((x) => x.id !== self)) {
    throw conflict(
      `ACL item with number ${number} already exists in ACL: ${aclId}`,
      `rule=${taken.map((x) => x.id).join(",")}`,
    );
  }
}

function ruleView(ctx: ACtx, r: NetworkAclRuleRec) {
  return {
    ...fieldsOf(r, ["id", "aclId"]),
    aclName: aclOf(ctx, r.aclId)?.view.name ?? "",
    ...fieldsOf(r, ["number", "protocol", "startPort", "endPort", "icmpType", "icmpCode"]),
    // CloudStack's NetworkACLItemResponse joins the list with commas
    cidrList: r.cidrList.join(","),
    ...fieldsOf(r, ["action", "trafficType", "reason", "state"]),
    ...ownedView(r),
  };
}

const findRule = (ctx: ACtx, id: string) => ctx.data.networkAclRules.find(ctx.owner, id);

/** POST /network-acls/rules: createNetworkACL (a job; the rule shows `Add` until it is applied). */
export function create(ctx: ACtx) {
  const b = body(ctx);
  const aclId = reqStr(b, "aclId");
  const protocol = protocolOf(reqStr(b, "protocol"));
  const found = aclOf(ctx, aclId);
  if (!found) {
    throw badRequest(
      "Unable to find specified ACL.",
      `aclId ${aclId} is not a network ACL list in region ${ctx.region.name}`,
    );
  }
  if (!found.rec) throw badRequest("Default ACL cannot be modified");
  const icmp = protocol === "icmp";
  const startPort = int(b, "startPort");
  const rule = {
    aclId,
    number: 0,
    protocol,
    startPort,
    // the command's default: the end port is the start port
    endPort: int(b, "endPort") ?? startPort,
    icmpType: int(b, "icmpType") ?? (icmp ? -1 : undefined),
    icmpCode: int(b, "icmpCode") ?? (icmp ? -1 : undefined),
    cidrList: cidrListOf(b) ?? ["0.0.0.0/0", "::/0"],
    action: actionOf(str(b, "action")) ?? "Allow",
    trafficType: trafficOf(str(b, "trafficType")) ?? "Ingress",
    reason: str(b, "reason"),
  };
  const number = int(b, "number");
  if (number !== undefined) numberFree(ctx, aclId, number);
  validateRule(rule);
  const siblings = ctx.data.networkAclRules.where((x) => x.aclId === aclId);
  rule.number = number ?? Math.max(0, ...siblings.map((x) => x.number)) + 1;
  const rec = ctx.data.networkAclRules.insert(ctx.owner, { ...rule, state: "Add" }, isoNow(ctx));
  return recordJob(ctx, ctx.data.networkAclRules, rec, { command: "createNetworkACL" });
}

export function get(ctx: ACtx) {
  return ok(ruleView(ctx, findRule(ctx, ctx.params.id)));
}

/** GET /network-acls/rules?aclId=: listNetworkACLs, pass-through under CloudStack's key `networkacl`. */
export function list(ctx: ACtx) {
  const aclId = str(query(ctx), "aclId");
  const rows = ctx.data.networkAclRules.list(ctx.owner).filter((r) => !aclId || r.aclId === aclId);
  return ok(passThrough("networkacl", rows, paging(ctx), (r) => ruleView(ctx, r)));
}

/**
 * PUT /network-acls/rules/{id} (JSON): updateNetworkACLItem, a job; the change shows once it succeeds. As in
 * CloudStack, `partialUpgrade` (default true) keeps what is not sent; false sets every field from the request.
 */
export function update(ctx: ACtx) {
  const r = ctx.data.networkAclRules.idle(findRule(ctx, ctx.params.id));
  const b = body(ctx);
  const partial = bool(b, "partialUpgrade") ?? true;
  const given = (k: string) => b[k] !== undefined && b[k] !== null && b[k] !== "";
  const keep = <T>(k: string, now: T, next: T) => (!partial || given(k) ? next : now);
  const protocol = str(b, "protocol");
  const next = {
    aclId: r.aclId,
    number: int(b, "number") ?? r.number,
    protocol: keep("protocol", r.protocol, protocol === undefined ? "" : protocolOf(protocol)),
    startPort: keep("startPort", r.startPort, int(b, "startPort")),
    endPort: keep("endPort", r.endPort, int(b, "endPort")),
    icmpType: keep("icmpType", r.icmpType, int(b, "icmpType")),
    icmpCode: keep("icmpCode", r.icmpCode, int(b, "icmpCode")),
    cidrList: keep("cidrList", r.cidrList, cidrListOf(b) ?? []),
    action: keep("action", r.action, actionOf(str(b, "action")) ?? "Allow"),
    trafficType: keep("trafficType", r.trafficType, trafficOf(str(b, "trafficType")) ?? "Ingress"),
    reason: keep("reason", r.reason, str(b, "reason")),
  };
  // NetworkACLServiceImpl.updateNetworkACLItem checks the rule in the job (the command is asynchronous)
  const failDetail = refusalOf(() => {
    if (!next.protocol) throw badRequest("Invalid protocol []. Expected one of: [tcp,udp,icmp,all]");
    numberFree(ctx, r.aclId, next.number, r.id);
    validateRule(next);
  });
  const command = "updateNetworkACLItem";
  if (failDetail) return refusedInJob(ctx, ctx.data.networkAclRules, r, { command, failDetail });
  const { aclId: _, ...patch } = next;
  return recordJob(ctx, ctx.data.networkAclRules, r, { command, payload: { patch } });
}

/** DELETE /network-acls/rules/{id}: deleteNetworkACL (a job; the rule shows `Revoke` until it is gone). */
export function remove(ctx: ACtx) {
  const r = ctx.data.networkAclRules.idle(findRule(ctx, ctx.params.id));
  return stateJob(ctx, ctx.data.networkAclRules, r, {
    command: "deleteNetworkACL",
    interim: "Revoke",
  });
}

const nothing = () => undefined;

export const aclRuleJobEffects: Record<string, JobEffect<AclData>> = {
  // CloudStack revokes a rule it could not apply (CreateNetworkACLCmd.execute)
  createNetworkACL: {
    success(data, job) {
      const r = data.networkAclRules.byId(job.resourceId);
      if (r) data.networkAclRules.update(r, { state: "Active" }, stampOf(job));
    },
    failure: (data, job) => void data.networkAclRules.delete(job.resourceId),
  },
  updateNetworkACLItem: {
    success(data, job) {
      const r = data.networkAclRules.byId(job.resourceId);
      const patch = job.payload?.patch as Partial<NetworkAclRuleRec> | undefined;
      if (r && patch) data.networkAclRules.update(r, patch, stampOf(job));
    },
    failure: nothing,
  },
  deleteNetworkACL: {
    success: (data, job) => void data.networkAclRules.delete(job.resourceId),
    failure(data, job) {
      const r = data.networkAclRules.byId(job.resourceId);
      const prev = job.payload?.prevState;
      if (r) data.networkAclRules.update(r, { state: typeof prev === "string" ? prev : "Active" });
    },
  },
};
