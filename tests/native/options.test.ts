// Resource options and checks on the native path, through the real CLI: the engine itself honours
// ignoreChanges, replaceOnChanges (on the fields the plugin's detailed diff names) and customTimeouts (the
// request's timeout is the create's wait limit; a create the API accepted is recorded as failed, not lost); bad
// input fails at preview with the dynamic path's text, naming the resource and the field.
import { expect, it } from "vitest";
import { providerFor } from "../../provider";
import { mine, resourcesOf, uniqueStack, useApi } from "../e2e/support";
import { ED25519, ED25519_B } from "../fixtures/sshKeys";
import { declare, pluginHome, pluginRun } from "./support";

const api = useApi();

it("checks input as the dynamic path does, and honours ignoreChanges, replaceOnChanges and customTimeouts", async () => {
  const c = api().client;
  const zoneId = (await c.catalogue.zones())[0].id;
  const diskOfferingId = (await c.catalogue.diskOfferings()).find((o) => o.name === "Custom")!.id;
  const vol = (name: string, extra: Record<string, unknown> = {}, opts?: Record<string, unknown>) => ({
    kind: "Volume",
    name,
    props: { name, zoneId, diskOfferingId, size: 5, tags: { env: "a" }, ...extra },
    opts,
  });
  const run = await pluginRun(pluginHome("native-options"), uniqueStack("native-options"), api().envVars);

  const bad = vol("bad", { size: 0 });
  const [refused] = await run([{ op: "preview", expectFailure: true, config: declare(bad) }]);
  const dynamic = await providerFor("Volume").check!({}, bad.props);
  const reason = dynamic.failures![0].reason;
  expect(reason).toContain("size");
  expect(refused.ok).toBe(false);
  const errors = refused.diagnostics.filter((d) => d.severity === "error").map((d) => d.message.trim());
  // the engine's wording around the plugin's failure, as on the dynamic path (there: pulumi-nodejs:dynamic/cim:Volume)
  expect(errors).toEqual([
    `cim:index:Volume resource 'bad': property size value {0} has a problem: ${reason}`,
  ]);

  await run([{ op: "up", config: declare(vol("data")) }]);
  const [ignored, replaced] = await run([
    {
      op: "preview",
      steps: true,
      config: declare(vol("data", { tags: { env: "b" } }, { ignoreChanges: ["tags"] })),
    },
    {
      op: "preview",
      steps: true,
      config: declare(vol("data", { tags: { env: "b" } }, { replaceOnChanges: ["tags"] })),
    },
  ]);
  expect(ignored.summary).toEqual({ same: 2 });
  const steps = replaced.steps!.filter((s) => s.urn.endsWith("::data"));
  expect(steps.map((s) => s.op)).toContain("replace");
  const step = steps.find((s) => s.op === "replace");
  expect(step.detailedDiff).toMatchObject({ tags: { diffKind: "update-replace" } });
  expect(step.keys).toEqual(["tags"]); // the replace reasons

  await api().control.jobTiming({ latencyMs: 4_000 });
  try {
    const [slow, exported] = await run([
      {
        op: "up",
        expectFailure: true,
        // progress of the wait every 300 ms (poll every 100 ms), so the 1 s wait reports it
        env: { CIM_PROGRESS_INTERVAL_MS: "300", CIM_POLL_INTERVAL_MS: "100" },
        config: declare(vol("data"), vol("slow", {}, { customTimeouts: { create: "1s" } })),
      },
      { op: "export" },
    ]);
    expect(slow.ok).toBe(false);
    expect(slow.output).toMatch(/cim:Volume "slow" \(id [0-9a-f-]{36}\).*was still \w+ after 1 s/s);
    // the option the program wrote is named as what sets the deadline, and how to raise it there
    expect(slow.output).toContain(
      `The deadline is the resource's customTimeouts.create (the option) (now 1 s); raise customTimeouts.create, e.g. customTimeouts: { create: "30m" }`,
    );
    expect(slow.output).not.toMatch(/timeouts: \{ create: "30m" \}/);
    const recorded = resourcesOf(exported.deployment, "cim:index:Volume").find((r) =>
      r.urn.endsWith("::slow"),
    );
    expect(recorded.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(recorded.initErrors).toHaveLength(1);
    expect(recorded.outputs).not.toHaveProperty("timeouts"); // the limit is not recorded
    // the plugin's progress of the wait is about the resource it waits for, shown on its line, not the stack's
    const progress = slow.diagnostics.filter((d) => d.severity === "info" && /waiting for/.test(d.message));
    expect(progress.length).toBeGreaterThan(0);
    for (const d of progress) expect(d.urn).toMatch(/::cim:index:Volume::slow$/);
    expect(progress[0].message).toMatch(/up to 1 s: customTimeouts\.create\)/);
  } finally {
    await api().control.jobTiming({ latencyMs: 0 });
  }

  // destroy deletes both, the one recorded as failed too
  const [destroyed] = await run([{ op: "destroy" }]);
  expect(destroyed.summary).toMatchObject({ delete: 3 }); // the stack and the two volumes (providers are not counted)
  const left = mine((await api().control.state()).volumes).filter(
    (v: any) => !/Destroy|Expung/.test(v.state),
  );
  expect(left.map((v: any) => v.name)).toEqual([]);
}, 240_000);

it("refuses at preview a value two resources of the program claim, naming the other (the API would refuse the second at up)", async () => {
  const key = (name: string, keyName: string, publicKey: string) => ({
    kind: "SshKeyPair",
    name,
    props: { name: keyName, publicKey },
  });
  const run = await pluginRun(pluginHome("native-twice"), uniqueStack("native-twice"), api().envVars);
  const twice = declare(key("ops", "deploy-twice", ED25519), key("ci", "deploy-twice", ED25519_B));
  const [refused] = await run([{ op: "preview", expectFailure: true, config: twice }]);
  expect(refused.ok).toBe(false);
  const errors = refused.diagnostics.filter((d) => d.severity === "error").map((d) => d.message.trim());
  // whichever the engine checks second is refused, naming the first
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatch(
    /^cim:index:SshKeyPair resource '(ops|ci)': property name value \{deploy-twice\} has a problem: name "deploy-twice": cim\.SshKeyPair "(ops|ci)" of this program claims the same, and only one SSH key pair may hold it at a time \(the API would refuse whichever it makes second\)\. Change one of the two, or remove the one not meant to be there$/,
  );
  const [, refusedName, otherName] = /resource '(\w+)'.*SshKeyPair "(\w+)"/.exec(errors[0])!;
  expect(refusedName).not.toBe(otherName);
  // two names, and one the program keeps while the other changes: nothing to refuse, at preview or at up
  const [previewed, made] = await run([
    { op: "preview", config: declare(key("ops", "deploy-a", ED25519), key("ci", "deploy-b", ED25519_B)) },
    { op: "up" },
  ]);
  expect(previewed.ok).toBe(true);
  expect(made.summary).toMatchObject({ create: 3 });
  await run([{ op: "destroy" }, { op: "rm" }]);
}, 240_000);
