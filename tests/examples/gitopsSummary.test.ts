// examples/gitops/summary.ts: the reviewable summary from engine events, the apply decision and the Markdown.
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { describe, expect, it } from "vitest";
import {
  blockingViolations,
  changedFields,
  decideApply,
  renderMarkdown,
  SECRET,
  showValue,
  summarise,
  UNKNOWN,
} from "../../examples/gitops/summary";

const T = (kind: string) => `pulumi-nodejs:dynamic/cim:${kind}`;
const urn = (type: string, name: string) => `urn:pulumi:dev::proj::${type}::${name}`;
const PROVIDER = "exports.handler = __f0; /* the serialized provider */";

let seq = 0;
function step(
  op: string,
  kind: string,
  name: string,
  s: {
    oldIn?: Record<string, unknown>;
    oldOut?: Record<string, unknown>;
    newIn?: Record<string, unknown>;
    newOut?: Record<string, unknown>;
    keys?: string[];
    id?: string;
  } = {},
): EngineEvent {
  const type = kind.includes(":") ? kind : T(kind);
  const u = urn(type, name);
  const state = (inputs?: Record<string, unknown>, outputs?: Record<string, unknown>, id = "") =>
    inputs || outputs
      ? {
          type,
          urn: u,
          id,
          parent: "",
          provider: "",
          inputs: { __provider: PROVIDER, ...inputs },
          outputs: { __provider: PROVIDER, ...outputs },
        }
      : undefined;
  return {
    sequence: seq++,
    timestamp: 0,
    resourcePreEvent: {
      planning: true,
      metadata: {
        op: op as never,
        urn: u,
        type,
        provider: "",
        keys: s.keys,
        old: state(s.oldIn, s.oldOut, s.id ?? "id-old"),
        new: state(s.newIn, s.newOut),
      },
    },
  };
}

/** The engine reports "advisory" although the event type says "warning". */
type PolicyFields = Partial<Omit<NonNullable<EngineEvent["policyEvent"]>, "enforcementLevel">> & {
  enforcementLevel?: string;
};

const policy = (p: PolicyFields): EngineEvent => ({
  sequence: seq++,
  timestamp: 0,
  policyEvent: {
    message: "",
    color: "never",
    policyName: "p",
    policyPackName: "pulumi-cim",
    policyPackVersion: "0.1.0",
    policyPackVersionTag: "0.1.0",
    ...p,
    enforcementLevel: (p.enforcementLevel ?? "advisory") as "mandatory",
  },
});

const diagnostic = (message: string, severity: "error" | "warning" = "error"): EngineEvent => ({
  sequence: seq++,
  timestamp: 0,
  diagnosticEvent: { message, color: "raw", severity },
});

describe("summarise", () => {
  const web = { zoneId: "z1", templateId: "t1", displayName: "web", tags: { env: "dev" } };
  const events: EngineEvent[] = [
    step("same", "pulumi:pulumi:Stack", "proj-dev"),
    step("update", "pulumi:providers:pulumi-nodejs", "default"),
    step("create", "Vpc", "main", { newIn: { cidr: "10.1.0.0/16", zoneId: "z1", name: "main" } }),
    step("update", "Instance", "web", {
      oldIn: web,
      oldOut: { ...web, state: "Running", name: "vm-1" },
      newIn: { ...web, displayName: "web-2", tags: { env: "prod" } },
      id: "i-1",
    }),
    step("create-replacement", "Instance", "db", { keys: ["templateId"] }),
    step("replace", "Instance", "db", {
      oldIn: { ...web, displayName: "db" },
      oldOut: { ...web, displayName: "db" },
      newIn: { ...web, displayName: "db", templateId: "t2", userData: SECRET },
      keys: ["templateId"],
      id: "i-2",
    }),
    step("create-replacement", "BackupSchedule", "nightly", { keys: ["instanceId"] }),
    step("replace", "BackupSchedule", "nightly", {
      oldIn: { instanceId: "i-2", schedule: "30:02" },
      oldOut: { instanceId: "i-2", schedule: "30:02" },
      newIn: { instanceId: UNKNOWN, schedule: "30:02" },
      keys: ["instanceId"],
      id: "b-1",
    }),
    step("same", "Network", "app", { oldIn: { name: "app" }, newIn: { name: "app" } }),
    step("delete", "Volume", "old-data", {
      oldIn: { name: "old-data" },
      oldOut: { name: "old-data" },
      id: "v-1",
    }),
    step("delete-replaced", "BackupSchedule", "nightly", { oldIn: {}, id: "b-1" }),
    step("delete-replaced", "Instance", "db", { oldIn: {}, id: "i-2" }),
    // The same step reported twice (a retried event) is counted once.
    step("delete", "Volume", "old-data", { oldIn: { name: "old-data" }, id: "v-1" }),
    policy({
      policyName: "cim-required-tags",
      resourceUrn: urn(T("Vpc"), "main"),
      message: "<{%fg 3%}>Resources must carry tags<{%reset%}>\nmissing: owner",
    }),
    policy({
      policyName: "cim-required-tags",
      resourceUrn: urn(T("Vpc"), "main"),
      message: "Resources must carry tags\nmissing: owner",
    }),
    policy({
      policyName: "cim-no-password-ssh",
      enforcementLevel: "mandatory",
      resourceUrn: urn(T("Instance"), "web"),
      message: "no passwords",
    }),
    policy({ policyName: "cim-instance-backup-schedule", message: "stack-level" }),
    diagnostic("\u001b[31mcim:Instance web: zone not found\u001b[0m"),
    diagnostic("preview failed"),
    diagnostic("just a warning", "warning"),
  ];
  const s = summarise(events, { project: "proj", stack: "dev" });

  it("counts the program's resources per step, folding replacement steps and leaving out stack and providers", () => {
    expect(s.counts).toEqual({ create: 1, update: 1, replace: 2, delete: 1, same: 1 });
    expect(s.changes.map((c) => `${c.op} ${c.type} ${c.name}`)).toEqual([
      "create cim:Vpc main",
      "update cim:Instance web",
      "replace cim:BackupSchedule nightly",
      "replace cim:Instance db",
      "delete cim:Volume old-data",
    ]);
    expect(s.project).toBe("proj");
    expect(s.stack).toBe("dev");
  });

  it("lists the fields that change, with old and new values, and never the serialized provider", () => {
    const web = s.changes.find((c) => c.name === "web")!;
    expect(web.id).toBe("i-1");
    expect(web.fields).toEqual([
      { name: "displayName", old: "web", new: "web-2" },
      { name: "tags", old: { env: "dev" }, new: { env: "prod" } },
    ]);
    const db = s.changes.find((c) => c.name === "db")!;
    expect(db.fields).toEqual([
      { name: "templateId", old: "t1", new: "t2", replaces: true },
      { name: "userData", new: SECRET },
    ]);
    const nightly = s.changes.find((c) => c.name === "nightly")!;
    expect(nightly.fields).toEqual([
      { name: "instanceId", old: "i-2", new: UNKNOWN, replaces: true, unknown: true },
    ]);
    const vpc = s.changes.find((c) => c.name === "main")!;
    expect(vpc.id).toBeUndefined();
    expect(vpc.fields.map((f) => f.name)).toEqual(["cidr", "name", "zoneId"]);
    expect(JSON.stringify(s)).not.toContain("__provider");
    expect(JSON.stringify(s)).not.toContain("serialized provider");
  });

  it("collects policy violations once each, without color codes", () => {
    expect(s.policyViolations).toEqual([
      {
        policyPack: "pulumi-cim",
        policyPackVersion: "0.1.0",
        policy: "cim-required-tags",
        enforcementLevel: "advisory",
        message: "Resources must carry tags\nmissing: owner",
        resource: { type: "cim:Vpc", name: "main", urn: urn(T("Vpc"), "main") },
      },
      expect.objectContaining({ policy: "cim-no-password-ssh", enforcementLevel: "mandatory" }),
      expect.objectContaining({ policy: "cim-instance-backup-schedule", message: "stack-level" }),
    ]);
    expect(s.policyViolations[2].resource).toBeUndefined();
    expect(blockingViolations(s).map((v) => v.policy)).toEqual(["cim-no-password-ssh"]);
    expect(blockingViolations(s, true)).toHaveLength(3);
  });

  it("keeps error diagnostics, not warnings or the generic closing line", () => {
    expect(s.errors).toEqual(["cim:Instance web: zone not found"]);
  });

  it("reports drift when the program changed nothing but the state differs", () => {
    const fields = changedFields(
      step("update", "Instance", "web", {
        oldIn: { displayName: "web", haEnabled: false },
        oldOut: { displayName: "changed by hand", haEnabled: false, state: "Running" },
        newIn: { displayName: "web", haEnabled: false },
      }).resourcePreEvent!.metadata,
    );
    expect(fields).toEqual([{ name: "displayName", old: "changed by hand", new: "web" }]);
  });

  it("is empty for a preview without changes", () => {
    const none = summarise([step("same", "Instance", "web", { oldIn: {}, newIn: {} })]);
    expect(none.changes).toEqual([]);
    expect(none.counts).toEqual({ same: 1 });
    expect(renderMarkdown(none)).toContain("No changes to resources.");
  });

  it("a refresh step that found a resource as state had it is no change: neither counted nor listed", () => {
    const out = { name: "data", size: 20, state: "Ready" };
    const refreshed = summarise([
      step("refresh", "Volume", "data", {
        oldIn: { size: 20 },
        oldOut: out,
        newIn: { size: 20 },
        newOut: out,
      }),
      step("refresh", "Volume", "logs", {
        oldIn: { size: 20 },
        oldOut: { ...out, name: "logs" },
        newIn: { size: 20 },
        newOut: { ...out, name: "logs", size: 30 },
      }),
    ]);
    expect(refreshed.counts).toEqual({ refresh: 1 });
    expect(refreshed.changes.map((c) => c.name)).toEqual(["logs"]);
  });

  it("renders reviewable Markdown", () => {
    const md = renderMarkdown(s, { decision: decideApply({ GITHUB_EVENT_NAME: "pull_request" }) });
    expect(md).toContain("## Pulumi preview `proj/dev`");
    expect(md).toContain("**1 to create, 1 to update, 2 to replace, 1 to delete**; 1 unchanged.");
    expect(md).toContain("**Destructive:** 2 replacement(s) and 1 deletion(s).");
    expect(md).toContain('| ~ update | `web` | cim:Instance | `displayName`: `"web"` → `"web-2"`<br>`tags`:');
    expect(md).toContain('`templateId`: `"t1"` → `"t2"` (forces replacement)');
    expect(md).toContain('`instanceId`: `"i-2"` → `(known after apply)` (forces replacement)');
    expect(md).toContain("| - delete | `old-data` | cim:Volume | id `v-1` |");
    expect(md).toContain("### Policy violations: 1 mandatory, 2 advisory");
    expect(md).toContain(
      "- **mandatory** `cim-no-password-ssh` (pulumi-cim) on `cim:Instance web`: no passwords",
    );
    expect(md).toContain(
      "**Preview only; blocked by policy violations** (a pull request is only previewed).",
    );
    const applied = renderMarkdown(s, {
      decision: decideApply({}, { apply: true }),
      applied: { ok: true, counts: { create: 1, update: 1 } },
    });
    expect(applied).toContain("**Applied** (--apply was given).");
    expect(applied).toContain("Apply result: 1 create, 1 update.");
    // after an apply, its outputs (secrets come masked)
    const withOutputs = renderMarkdown(s, {
      decision: decideApply({}, { apply: true }),
      applied: { ok: true, counts: { same: 8 }, outputs: { address: "10.1.1.5", kubeconfig: "[secret]" } },
    });
    expect(withOutputs).toContain("Apply result: no changes; 8 unchanged.");
    expect(withOutputs).toContain(
      '| output | value |\n|---|---|\n| `address` | `"10.1.1.5"` |\n| `kubeconfig` | `[secret]` |',
    );
    const blocked = renderMarkdown(s, { decision: decideApply({ GITHUB_REF: "refs/heads/main" }) });
    expect(blocked).toContain("**Not applied: policy violations** (on the main branch main (GITHUB_REF)).");
    const failed = renderMarkdown(s, { decision: decideApply({}), status: "preview-failed" });
    expect(failed).toContain("## Pulumi preview failed `proj/dev`");
    expect(failed).toContain(
      "**Preview only; blocked by policy violations** (no CI branch found: preview only).",
    );
  });

  it("escapes table cells and shortens long values", () => {
    const piped = summarise([
      step("update", "Instance", "web", { oldIn: { displayName: "a|b" }, newIn: { displayName: "c\nd" } }),
    ]);
    const row = renderMarkdown(piped)
      .split("\n")
      .find((l) => l.startsWith("| ~ update"))!;
    expect(row).toContain('`"a\\|b"` → `"c\\\\nd"`');
    expect(showValue("x".repeat(200)).length).toBe(80);
    expect(showValue(undefined)).toBe("(not set)");
    expect(showValue([UNKNOWN, "n-1"])).toBe('["(known after apply)","n-1"]');
  });
});

describe("decideApply", () => {
  it.each([
    [{ GITHUB_EVENT_NAME: "push", GITHUB_REF: "refs/heads/main" }, true, "main"],
    [{ GITHUB_EVENT_NAME: "push", GITHUB_REF: "refs/heads/feature" }, false, "feature"],
    [
      { GITHUB_EVENT_NAME: "pull_request", GITHUB_REF: "refs/pull/7/merge", GITHUB_HEAD_REF: "main" },
      false,
      "main",
    ],
    [{ GITHUB_EVENT_NAME: "push", GITHUB_REF: "refs/tags/v1" }, false, undefined],
    [{ CI_COMMIT_BRANCH: "main" }, true, "main"],
    [{ CI_MERGE_REQUEST_IID: "3", CI_MERGE_REQUEST_SOURCE_BRANCH_NAME: "fix" }, false, "fix"],
    [{ GITOPS_BRANCH: "main" }, true, "main"],
    [{ GITOPS_BRANCH: "trunk", GITOPS_MAIN_BRANCH: "trunk" }, true, "trunk"],
    [{}, false, undefined],
  ] as [Record<string, string>, boolean, string | undefined][])("%j → apply %s", (env, apply, branch) => {
    const d = decideApply(env);
    expect(d.apply).toBe(apply);
    expect(d.branch).toBe(branch);
    expect(d.reason).toBeTruthy();
  });

  it("follows --apply / --no-apply and --main-branch", () => {
    expect(decideApply({ GITHUB_EVENT_NAME: "pull_request" }, { apply: true }).apply).toBe(true);
    expect(decideApply({ GITHUB_REF: "refs/heads/main" }, { apply: false }).apply).toBe(false);
    expect(decideApply({ GITHUB_REF: "refs/heads/prod" }, { mainBranch: "prod" }).apply).toBe(true);
  });
});
