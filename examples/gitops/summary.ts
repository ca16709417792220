// The reviewable summary of a Pulumi preview, built from the engine events the Automation API streams
// (`onEvent`): which resources are created, updated, replaced and deleted, with the fields that change, and
// the policy violations the policy packs reported. Pure functions, no I/O: pipeline.ts collects the events
// and writes the JSON and Markdown this module makes. Erasable TypeScript only (Node runs it as it is).
//
// Dynamic providers (every pulumi-cim resource) return no detailed diff, so the engine's `diffs` and
// `detailedDiff` are empty for them; the changed fields are then computed from the step's old inputs, old
// outputs and new inputs, together with the replacement keys (`keys`) the provider did report.

import type { EngineEvent, StepEventMetadata } from "@pulumi/pulumi/automation";

/** The engine's placeholder for a value that is known only after apply (an id of a resource to create). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
/** How the engine shows secret values in events. */
export const SECRET = "[secret]";

/** The changes a summary lists; other step kinds are counted only. */
export type ChangeOp = "create" | "update" | "replace" | "delete" | "import" | "read" | "refresh" | "discard";

export interface FieldChange {
  name: string;
  /** The value before (state or old inputs); absent for creates. */
  old?: unknown;
  /** The program's new value; absent when the program no longer sets it. */
  new?: unknown;
  /** This field forces the replacement. */
  replaces?: boolean;
  /** Known only after apply (it depends on a resource being created or replaced). */
  unknown?: boolean;
}

export interface ResourceChange {
  op: ChangeOp;
  /** Short type: `cim:Instance` for pulumi-cim resources, else the full type token. */
  type: string;
  name: string;
  urn: string;
  /** The cloud id, for resources that exist (update, replace, delete). */
  id?: string;
  fields: FieldChange[];
}

export interface PolicyViolation {
  policyPack: string;
  policyPackVersion?: string;
  policy: string;
  enforcementLevel: string;
  message: string;
  /** The resource the violation is about; absent for stack policies that name none. */
  resource?: { type: string; name: string; urn: string };
}

export interface Summary {
  version: 1;
  project?: string;
  stack?: string;
  /** Counts per step kind of the program's resources (the stack and provider resources left out). */
  counts: Record<string, number>;
  changes: ResourceChange[];
  policyViolations: PolicyViolation[];
  /** Error diagnostics of the run, color codes removed. */
  errors: string[];
}

const IGNORED_STEPS = new Set([
  "create-replacement",
  "delete-replaced",
  "discard-replaced",
  "remove-pending-replace",
]);
const OP_ORDER: ChangeOp[] = [
  "create",
  "update",
  "replace",
  "delete",
  "import",
  "read",
  "refresh",
  "discard",
];
const ESC = String.fromCharCode(27);
const ANSI = new RegExp(`${ESC}\\[[0-9;]*[A-Za-z]`, "g");
const PULUMI_COLOR = /<\{%[^%]*%\}>/g;
const GENERIC_FAILURE = /^(preview|update|refresh|destroy) failed$/;

/** Removes terminal color codes and Pulumi's color tags. */
export function plainText(s: string): string {
  return s.replace(ANSI, "").replace(PULUMI_COLOR, "");
}

/** `pulumi-nodejs:dynamic/cim:Instance` → `cim:Instance`; other types as they are. */
export function shortType(type: string): string {
  const m = /^pulumi-nodejs:dynamic\/(.+)$/.exec(type);
  return m ? m[1] : type;
}

/** The resource name in a URN (its last `::` part). */
export function nameOfUrn(urn: string): string {
  const i = urn.lastIndexOf("::");
  return i >= 0 ? urn.slice(i + 2) : urn;
}

function typeOfUrn(urn: string): string {
  const parts = urn.split("::");
  const t = parts.length >= 3 ? parts[parts.length - 2] : "";
  return t.split("$").pop() ?? t;
}

/** The program's own resources: not the stack, not provider resources. */
export function isProgramResource(type: string): boolean {
  return type !== "pulumi:pulumi:Stack" && !type.startsWith("pulumi:providers:");
}

function withoutProvider(o: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!o) return {};
  const { __provider: _ignored, ...rest } = o;
  return rest;
}

function stable(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stable);
  if (v && typeof v === "object") {
    return Object.fromEntries(
      Object.keys(v as Record<string, unknown>)
        .sort()
        .map((k) => [k, stable((v as Record<string, unknown>)[k])]),
    );
  }
  return v;
}

/** Deep equality of JSON values, key order ignored. */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(stable(a)) === JSON.stringify(stable(b));
}

/** A value is or contains the engine's unknown placeholder. */
export function containsUnknown(v: unknown): boolean {
  if (v === UNKNOWN) return true;
  if (Array.isArray(v)) return v.some(containsUnknown);
  if (v && typeof v === "object") return Object.values(v).some(containsUnknown);
  return false;
}

/** Top-level property names of the engine's diff paths (`tags.env` → `tags`, `networkIds[0]` → `networkIds`). */
function topLevel(path: string): string {
  const m = /^([^.[]+)/.exec(path);
  return m ? m[1] : path;
}

/**
 * The fields an update or replace changes. The program's changes first (new inputs against old inputs); when
 * the program changed none, the fields whose new input differs from the recorded state (drift found by a
 * refresh). Plus every field the engine or the provider named (diffs, detailedDiff, replacement keys).
 */
export function changedFields(meta: StepEventMetadata): FieldChange[] {
  const oldIn = withoutProvider(meta.old?.inputs);
  const oldOut = withoutProvider(meta.old?.outputs);
  const newIn = withoutProvider(meta.new?.inputs);
  const replaceKeys = new Set((meta.keys ?? []).map(topLevel));
  const named = new Set<string>([
    ...(meta.diffs ?? []).map(topLevel),
    ...Object.keys(meta.detailedDiff ?? {}).map(topLevel),
    ...replaceKeys,
  ]);
  const keys = [...new Set([...Object.keys(oldIn), ...Object.keys(newIn), ...named])].sort();
  const byProgram = keys.filter((k) => !sameJson(oldIn[k], newIn[k]));
  const byState = byProgram.length
    ? []
    : keys.filter((k) => newIn[k] !== undefined && k in oldOut && !sameJson(oldOut[k], newIn[k]));
  const fields = new Set([...byProgram, ...byState, ...named]);
  return keys
    .filter((k) => fields.has(k))
    .map((k) => {
      const fromProgram = byProgram.includes(k);
      const old = fromProgram ? oldIn[k] : k in oldOut ? oldOut[k] : oldIn[k];
      const f: FieldChange = { name: k };
      if (old !== undefined) f.old = old;
      if (newIn[k] !== undefined) f.new = newIn[k];
      if (replaceKeys.has(k)) f.replaces = true;
      if (containsUnknown(newIn[k])) f.unknown = true;
      return f;
    });
}

/** The inputs a create sets, as field changes without an old value. */
function createdFields(meta: StepEventMetadata): FieldChange[] {
  const newIn = withoutProvider(meta.new?.inputs);
  return Object.keys(newIn)
    .filter((k) => newIn[k] !== undefined && newIn[k] !== null)
    .sort()
    .map((k) => {
      const f: FieldChange = { name: k, new: newIn[k] };
      if (containsUnknown(newIn[k])) f.unknown = true;
      return f;
    });
}

function toChange(meta: StepEventMetadata): ResourceChange | undefined {
  const op = meta.op as string;
  if (IGNORED_STEPS.has(op) || op === "same") return undefined;
  const known = OP_ORDER.includes(op as ChangeOp) ? (op as ChangeOp) : undefined;
  const kind: ChangeOp | undefined =
    known ?? (op === "import-replacement" ? "import" : op === "read-replacement" ? "read" : undefined);
  if (!kind) return undefined;
  const id = meta.old?.id || meta.new?.id || undefined;
  const fields =
    kind === "create"
      ? createdFields(meta)
      : kind === "update" || kind === "replace"
        ? changedFields(meta)
        : [];
  const change: ResourceChange = {
    op: kind,
    type: shortType(meta.type),
    name: nameOfUrn(meta.urn),
    urn: meta.urn,
    fields,
  };
  if (id && kind !== "create") change.id = id;
  return change;
}

/** Whether a refresh step found the resource other than state had it (one that found nothing is no change). */
function refreshMoved(meta: StepEventMetadata): boolean {
  return (
    !sameJson(withoutProvider(meta.old?.outputs), withoutProvider(meta.new?.outputs)) ||
    (meta.diffs ?? []).length > 0
  );
}

/**
 * Builds the summary from the events of one operation (a preview, usually). Resource steps are taken from
 * `resourcePreEvent`s, one per resource and step; a replacement is one `replace` entry (its
 * create-replacement and delete-replaced steps are folded into it).
 */
export function summarise(events: EngineEvent[], info: { project?: string; stack?: string } = {}): Summary {
  const counts: Record<string, number> = {};
  const seen = new Set<string>();
  const listed: ResourceChange[] = [];
  const violations = new Map<string, PolicyViolation>();
  const errors: string[] = [];
  for (const e of events) {
    const meta = e.resourcePreEvent?.metadata;
    if (meta && isProgramResource(meta.type) && !(meta.op === "refresh" && !refreshMoved(meta))) {
      const op = meta.op as string;
      const c = IGNORED_STEPS.has(op) ? undefined : toChange(meta);
      const kind = c?.op ?? op;
      const key = `${kind} ${meta.urn}`;
      if (!IGNORED_STEPS.has(op) && !seen.has(key)) {
        seen.add(key);
        counts[kind] = (counts[kind] ?? 0) + 1;
        if (c) listed.push(c);
      }
    }
    const p = e.policyEvent;
    if (p) {
      const v: PolicyViolation = {
        policyPack: p.policyPackName,
        policy: p.policyName,
        enforcementLevel: p.enforcementLevel,
        message: plainText(p.message).trim(),
      };
      if (p.policyPackVersion) v.policyPackVersion = p.policyPackVersion;
      if (p.resourceUrn) {
        v.resource = {
          type: shortType(typeOfUrn(p.resourceUrn)),
          name: nameOfUrn(p.resourceUrn),
          urn: p.resourceUrn,
        };
      }
      const key = JSON.stringify([v.policyPack, v.policy, v.resource?.urn ?? "", v.message]);
      if (!violations.has(key)) violations.set(key, v);
    }
    const d = e.diagnosticEvent;
    if (d && d.severity === "error") {
      const text = plainText(d.message).trim();
      // The engine's closing "preview failed" says nothing the other diagnostics and violations do not.
      if (text && !GENERIC_FAILURE.test(text) && !errors.includes(text)) errors.push(text);
    }
  }
  listed.sort(
    (a, b) =>
      OP_ORDER.indexOf(a.op) - OP_ORDER.indexOf(b.op) ||
      a.type.localeCompare(b.type) ||
      a.name.localeCompare(b.name),
  );
  const summary: Summary = {
    version: 1,
    counts,
    changes: listed,
    policyViolations: [...violations.values()],
    errors,
  };
  if (info.project) summary.project = info.project;
  if (info.stack) summary.stack = info.stack;
  return summary;
}

/** Violations that fail the pipeline: mandatory ones, and advisory ones too when asked. */
export function blockingViolations(s: Summary, failOnAdvisory = false): PolicyViolation[] {
  return s.policyViolations.filter(
    (v) => v.enforcementLevel === "mandatory" || (failOnAdvisory && v.enforcementLevel !== "disabled"),
  );
}

/** Whether the preview plans any change to the program's resources. */
export function hasChanges(s: Summary): boolean {
  return s.changes.length > 0;
}

// ------------------------------------------------------------------------------------------ the CI context

export interface ApplyDecision {
  apply: boolean;
  /** Why, for the summary and the log. */
  reason: string;
  branch?: string;
  /** The run is for a pull request or merge request. */
  pullRequest: boolean;
}

/**
 * Apply or only preview. `--apply` / `--no-apply` decide when given; otherwise apply on a push to the main
 * branch: GitHub Actions (GITHUB_EVENT_NAME, GITHUB_REF), GitLab CI (CI_MERGE_REQUEST_IID, CI_COMMIT_BRANCH),
 * or GITOPS_BRANCH for any other CI. Pull/merge requests never apply. Outside CI nothing is applied.
 */
export function decideApply(
  env: Record<string, string | undefined>,
  flags: { apply?: boolean; mainBranch?: string } = {},
): ApplyDecision {
  const main = flags.mainBranch || env.GITOPS_MAIN_BRANCH || "main";
  const ghEvent = env.GITHUB_EVENT_NAME;
  const pullRequest =
    ghEvent === "pull_request" || ghEvent === "pull_request_target" || Boolean(env.CI_MERGE_REQUEST_IID);
  let branch: string | undefined;
  let source = "";
  if (env.GITOPS_BRANCH) {
    branch = env.GITOPS_BRANCH;
    source = "GITOPS_BRANCH";
  } else if (env.GITHUB_REF?.startsWith("refs/heads/")) {
    branch = env.GITHUB_REF.slice("refs/heads/".length);
    source = "GITHUB_REF";
  } else if (env.CI_COMMIT_BRANCH) {
    branch = env.CI_COMMIT_BRANCH;
    source = "CI_COMMIT_BRANCH";
  } else if (pullRequest && (env.GITHUB_HEAD_REF || env.CI_MERGE_REQUEST_SOURCE_BRANCH_NAME)) {
    branch = env.GITHUB_HEAD_REF || env.CI_MERGE_REQUEST_SOURCE_BRANCH_NAME;
    source = env.GITHUB_HEAD_REF ? "GITHUB_HEAD_REF" : "CI_MERGE_REQUEST_SOURCE_BRANCH_NAME";
  }
  const base = { branch, pullRequest };
  if (flags.apply === true) return { ...base, apply: true, reason: "--apply was given" };
  if (flags.apply === false) return { ...base, apply: false, reason: "--no-apply was given" };
  if (pullRequest) return { ...base, apply: false, reason: "a pull request is only previewed" };
  if (branch === undefined) return { ...base, apply: false, reason: "no CI branch found: preview only" };
  if (branch === main) return { ...base, apply: true, reason: `on the main branch ${main} (${source})` };
  return { ...base, apply: false, reason: `branch ${branch} is not the main branch ${main}` };
}

/** What pipeline.ts writes to summary.json: the preview summary, the decision and the apply's outcome. */
export interface Report extends Summary {
  /** ok: previewed (and applied when decided); otherwise what stopped the pipeline. */
  status: "ok" | "policy-violations" | "preview-failed" | "apply-failed";
  decision: ApplyDecision;
  applied: boolean;
  apply?: { ok: boolean; counts?: Record<string, number>; outputs?: Record<string, unknown>; error?: string };
  /** How often an operation waited for another update's lock on the stack (--lock-wait). */
  lockWaits?: number;
}

// --------------------------------------------------------------------------------------------- Markdown

const SIGN: Record<ChangeOp, string> = {
  create: "+",
  update: "~",
  replace: "+-",
  delete: "-",
  import: "=",
  read: ">",
  refresh: "~",
  discard: "<",
};

/** A value as short text: JSON, unknowns as "(known after apply)", long text cut. */
export function showValue(v: unknown, max = 80): string {
  if (v === undefined) return "(not set)";
  if (v === UNKNOWN) return "(known after apply)";
  if (v === SECRET) return SECRET;
  const text = JSON.stringify(v, (_k, x) => (x === UNKNOWN ? "(known after apply)" : x)) ?? String(v);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Text for a Markdown table cell: pipes escaped, no line breaks. */
function cell(s: string): string {
  return s.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}

function code(s: string): string {
  const fence = s.includes("`") ? "``" : "`";
  return `${fence}${s}${fence}`;
}

function describeField(op: ChangeOp, f: FieldChange): string {
  const mark = f.replaces ? " (forces replacement)" : "";
  if (op === "create") return `${code(f.name)} = ${code(showValue(f.new))}`;
  return `${code(f.name)}: ${code(showValue(f.old))} → ${code(showValue(f.new))}${mark}`;
}

export interface MarkdownContext {
  decision?: ApplyDecision;
  /** Set after an apply: its outcome. */
  applied?: {
    ok: boolean;
    counts?: Record<string, number>;
    outputs?: Record<string, unknown>;
    error?: string;
  };
  failOnAdvisory?: boolean;
  /** The pipeline's outcome (Report.status); a failed preview's counts are marked incomplete. */
  status?: Report["status"];
}

/** The summary as Markdown, for a pull request comment or a job summary. */
export function renderMarkdown(s: Summary, ctx: MarkdownContext = {}): string {
  const lines: string[] = [];
  const where =
    s.project && s.stack ? ` ${code(`${s.project}/${s.stack}`)}` : s.stack ? ` ${code(s.stack)}` : "";
  const previewFailed = ctx.status === "preview-failed";
  lines.push(`## Pulumi preview${previewFailed ? " failed" : ""}${where}`, "");
  if (previewFailed) {
    lines.push("The preview stopped before it finished (see Errors): what it planned so far is below.", "");
  }
  const n = (op: string) => s.counts[op] ?? 0;
  const parts = [
    `${n("create")} to create`,
    `${n("update")} to update`,
    `${n("replace")} to replace`,
    `${n("delete")} to delete`,
  ];
  const extra = Object.keys(s.counts)
    .filter((k) => !["create", "update", "replace", "delete", "same"].includes(k))
    .map((k) => `${n(k)} to ${k}`);
  lines.push(`**${[...parts, ...extra].join(", ")}**; ${n("same")} unchanged.`);
  const destructive = n("replace") + n("delete");
  if (destructive) {
    lines.push("", `> **Destructive:** ${n("replace")} replacement(s) and ${n("delete")} deletion(s).`);
  }
  lines.push("");
  if (s.changes.length) {
    lines.push("| | Resource | Type | Changes |", "|---|---|---|---|");
    for (const c of s.changes) {
      const details =
        c.op === "delete"
          ? c.id
            ? `id ${code(c.id)}`
            : ""
          : c.fields.map((f) => describeField(c.op, f)).join("<br>");
      lines.push(`| ${SIGN[c.op]} ${c.op} | ${cell(code(c.name))} | ${cell(c.type)} | ${cell(details)} |`);
    }
  } else {
    lines.push("No changes to resources.");
  }
  lines.push("");
  if (s.policyViolations.length) {
    const mandatory = s.policyViolations.filter((v) => v.enforcementLevel === "mandatory").length;
    lines.push(
      `### Policy violations: ${mandatory} mandatory, ${s.policyViolations.length - mandatory} advisory`,
      "",
    );
    for (const v of s.policyViolations) {
      const on = v.resource ? ` on ${code(`${v.resource.type} ${v.resource.name}`)}` : "";
      const msg = v.message.replace(/\s*\n\s*/g, " ");
      lines.push(`- **${v.enforcementLevel}** ${code(v.policy)} (${v.policyPack})${on}: ${msg}`);
    }
    lines.push("");
  } else {
    lines.push("No policy violations.", "");
  }
  if (s.errors.length) {
    lines.push("### Errors", "", "```");
    for (const e of s.errors) lines.push(e);
    lines.push("```", "");
  }
  if (ctx.decision) {
    const blocked = blockingViolations(s, ctx.failOnAdvisory).length > 0;
    const apply = ctx.decision.apply;
    const verb = ctx.applied
      ? ctx.applied.ok
        ? "Applied"
        : "Apply failed"
      : blocked
        ? apply
          ? "Not applied: policy violations"
          : "Preview only; blocked by policy violations"
        : previewFailed
          ? apply
            ? "Not applied: the preview failed"
            : "Preview only; the preview failed"
          : apply
            ? "To be applied"
            : "Preview only";
    lines.push(`**${verb}** (${ctx.decision.reason}).`);
    if (ctx.applied?.counts) {
      const { same, ...changed } = ctx.applied.counts;
      const done = Object.entries(changed)
        .map(([k, v]) => `${v} ${k}`)
        .join(", ");
      lines.push("", `Apply result: ${done || "no changes"}${same ? `; ${same} unchanged` : ""}.`);
    }
    const outputs = Object.entries(ctx.applied?.outputs ?? {});
    if (outputs.length) {
      // secrets are masked already (pipeline.ts: plainOutputs)
      lines.push("", "| output | value |", "|---|---|");
      for (const [k, v] of outputs) lines.push(`| ${cell(code(k))} | ${cell(code(showValue(v)))} |`);
    }
    if (ctx.applied?.error) lines.push("", "```", ctx.applied.error, "```");
    lines.push("");
  }
  return `${lines.join("\n").trimEnd()}\n`;
}
