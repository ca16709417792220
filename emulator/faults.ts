// Fault injection: rules matched by method and route (template or path glob), consumed per matching call.
import { randomUUID } from "node:crypto";
import { badRequest } from "./http";

/**
 * What happens to the request instead of (or after) its normal handling:
 * - `drop-before`: the connection is destroyed before any work;
 * - `drop-after`: the work is done (job, audit, persistence), then the connection is destroyed;
 * - `status-after`: the work is done, then `status` is answered in place of the real answer (a gateway whose
 *   upstream did the work but whose answer it lost or gave up waiting for: a 502 or 504);
 * - `truncate-after`: the work is done, then the real answer is sent with its body cut in the middle (a
 *   complete HTTP message whose JSON ends mid-document);
 * - `strip-id-after`: the work is done, then the real answer is sent without its `id` (an accepted mutation that
 *   names its job only: the spec's `id` is there "where the operation returns one").
 */
export type FaultAction = "drop-before" | "drop-after" | "status-after" | "truncate-after" | "strip-id-after";
export const FAULT_ACTIONS: readonly FaultAction[] = [
  "drop-before",
  "drop-after",
  "status-after",
  "truncate-after",
  "strip-id-after",
];

/** The body of an injected status: the API's JSON error body, or the HTML page a proxy writes. */
export type FaultBody = "json" | "html";

export interface FaultRule {
  id: string;
  method: string;
  route: string;
  status?: number;
  /** The body of an injected status (default json). */
  body?: FaultBody;
  retryAfter?: number;
  /** Remaining applications; undefined means every matching call. */
  times?: number;
  probability?: number;
  latencyMs?: number;
  action?: FaultAction;
  jobFail?: { detail: string };
  jobStuck?: boolean;
  /** The job the request creates stays running this many ms past its normal end, then ends as it would have. */
  jobStuckMs?: number;
  /**
   * Only requests routed to this region (its id or name) match. On a multi-region read (the instance-group list
   * without X-Region-Context) a rule with a `status` makes that region's part fail instead: the read reports it
   * in regionErrors and the other regions still answer.
   */
  region?: string;
  hits: number;
}

const API_PREFIX = "/api/v1";

function globToRegExp(glob: string): RegExp {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "*") {
      if (glob[i + 1] === "*") {
        out += ".*";
        i++;
      } else out += "[^/]*";
    } else out += c.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${out}$`);
}

interface CompiledRule {
  rule: FaultRule;
  patterns: string[];
  globs: RegExp[];
}

export class Faults {
  private compiled: CompiledRule[] = [];

  get rules(): FaultRule[] {
    return this.compiled.map((c) => c.rule);
  }

  add(input: unknown): FaultRule {
    const rule = parseRule(input);
    const patterns = [rule.route];
    if (!rule.route.startsWith("/api/") && !rule.route.startsWith("/_"))
      patterns.push(API_PREFIX + rule.route);
    this.compiled.push({ rule, patterns, globs: patterns.map(globToRegExp) });
    return rule;
  }

  remove(id: string): boolean {
    const before = this.compiled.length;
    this.compiled = this.compiled.filter((c) => c.rule.id !== id);
    return this.compiled.length !== before;
  }

  clear(): void {
    this.compiled = [];
  }

  /**
   * The first rule that matches and fires (probability), consuming one of its times. `region`: the region the
   * request (or the part of a multi-region read) is routed to; a rule naming a region matches only there.
   * `only`: rules that do not pass it are neither matched nor consumed.
   */
  match(
    method: string,
    template: string,
    path: string,
    region?: { id: string; name: string },
    only?: (rule: FaultRule) => boolean,
  ): FaultRule | undefined {
    if (this.compiled.length === 0) return undefined;
    for (const c of this.compiled) {
      const { rule } = c;
      if (rule.method !== "*" && rule.method !== method) continue;
      if (only && !only(rule)) continue;
      if (rule.region !== undefined && rule.region !== region?.id && rule.region !== region?.name) continue;
      const hit = c.patterns.includes(template) || c.globs.some((g) => g.test(path) || g.test(template));
      if (!hit) continue;
      if (rule.probability !== undefined && Math.random() >= rule.probability) continue;
      rule.hits++;
      if (rule.times !== undefined) {
        rule.times--;
        if (rule.times <= 0) this.compiled = this.compiled.filter((x) => x !== c);
      }
      return rule;
    }
    return undefined;
  }
}

function parseRule(input: unknown): FaultRule {
  if (typeof input !== "object" || input === null) throw badRequest("Fault rule must be a JSON object");
  const r = input as Record<string, unknown>;
  const num = (key: string, min: number, max: number): number | undefined => {
    const v = r[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== "number" || !Number.isFinite(v) || v < min || v > max) {
      throw badRequest(`Fault field ${key} must be a number between ${min} and ${max}`);
    }
    return v;
  };
  if (typeof r.route !== "string" || !r.route.startsWith("/")) {
    throw badRequest("Fault field route is required: a route template or path glob starting with /");
  }
  const method = typeof r.method === "string" ? r.method.toUpperCase() : "*";
  const action = r.action;
  if (action !== undefined && !FAULT_ACTIONS.includes(action as FaultAction)) {
    throw badRequest(`Fault field action must be one of ${FAULT_ACTIONS.join(", ")}`);
  }
  const body = r.body;
  if (body !== undefined && body !== "json" && body !== "html") {
    throw badRequest("Fault field body must be json or html");
  }
  let jobFail: FaultRule["jobFail"];
  if (r.jobFail !== undefined) {
    const detail = (r.jobFail as { detail?: unknown } | null)?.detail;
    jobFail = { detail: typeof detail === "string" && detail ? detail : "Injected job failure" };
  }
  const rule: FaultRule = {
    id: randomUUID(),
    method,
    route: r.route,
    status: num("status", 100, 599),
    body: body as FaultBody | undefined,
    retryAfter: num("retryAfter", 0, 86_400),
    times: num("times", 1, 1_000_000),
    probability: num("probability", 0, 1),
    latencyMs: num("latencyMs", 0, 600_000),
    action: action as FaultAction | undefined,
    jobFail,
    jobStuck: r.jobStuck === true ? true : undefined,
    jobStuckMs: num("jobStuckMs", 1, 86_400_000),
    hits: 0,
  };
  if (r.region !== undefined && (typeof r.region !== "string" || r.region === "")) {
    throw badRequest("Fault field region must be a region id or name");
  }
  if (r.region !== undefined) rule.region = r.region as string;
  if (rule.action === "status-after" && !rule.status) {
    throw badRequest("Fault action status-after needs a status: the answer that replaces the real one");
  }
  if (rule.body && !rule.status)
    throw badRequest("Fault field body needs a status: the answer it is the body of");
  const acts = [rule.status, rule.latencyMs, rule.action, rule.jobFail, rule.jobStuck, rule.jobStuckMs];
  if (!acts.some(Boolean)) {
    throw badRequest(
      "Fault rule does nothing: give status, latencyMs, action, jobFail, jobStuck or jobStuckMs",
    );
  }
  return rule;
}
