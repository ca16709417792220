// Done-when 1, 2, 6 and 9 of the resources issue: the quickstart deploys, a second preview and up change
// nothing (no mutating API call), display name and tag changes update in place, a template change replaces,
// destroy removes everything, and neither the stack export nor the CLI output holds the token.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sourceHome, stackRun } from "../harness";
import { exampleProgram, mutating, resourcesOf, startApi, type TestApi, uniqueStack } from "./support";

let api: TestApi;

beforeAll(async () => {
  api = await startApi();
});

afterAll(async () => {
  await api?.close();
});

describe("the quickstart, from the source tree", () => {
  it("deploys, is stable, updates in place, replaces on template change, and destroys", async () => {
    const home = sourceHome("quickstart");
    const program = exampleProgram(home, "quickstart");
    const stackName = uniqueStack("quickstart");
    const run = await stackRun({ home, stackName, program, envVars: api.envVars });

    // The first preview works with ids that are not known yet (outputs of resources still to be created).
    const [first, up, preview, refresh] = await run([
      { op: "preview" },
      { op: "up" },
      { op: "preview" },
      { op: "refresh" },
    ]);
    expect(first.summary).toEqual({ create: 7 });
    expect(up.summary).toEqual({ create: 7 }); // the stack and six resources
    expect(up.outputs?.webState).toBe("Running");
    expect(up.outputs?.volumeDevice).toBe(1);
    expect(up.outputs?.networkCidr).toBe("10.10.1.0/24");
    expect(preview.summary).toEqual({ same: 7 });
    expect(refresh.summary).toEqual({ same: 7 });

    // A second up reads but changes nothing.
    await api.control.resetRequests();
    const [again] = await run([{ op: "up" }]);
    expect(again.summary).toEqual({ same: 7 });
    expect(mutating(await api.control.requests())).toEqual({});

    const state = await api.control.state();
    expect(Object.keys(state.instances)).toHaveLength(2);
    const webId = String(up.outputs?.webId);
    expect(state.instances[webId].tags).toEqual({ env: "demo", role: "web" });

    // Display name and a tag change in place; the instance keeps its id.
    const [renamed] = await run([
      { op: "up", config: { "cim-e2e:webDisplayName": "frontend", "cim-e2e:env": "stage" } },
    ]);
    expect(renamed.summary?.update).toBeGreaterThan(0);
    expect(renamed.summary?.replace ?? 0).toBe(0);
    expect(renamed.outputs?.webId).toBe(webId);
    const after = (await api.control.state()).instances[webId];
    expect(after.displayName).toBe("frontend");
    expect(after.tags).toEqual({ env: "stage", role: "web" });

    // A template change replaces both instances and the db's backup schedule (its instanceId changes); the
    // volume moves to the new db instance in place (detach, attach).
    const [replaced, exported] = await run([
      { op: "up", config: { "cim-e2e:template": "Debian 12" } },
      { op: "export" },
    ]);
    expect(replaced.summary).toMatchObject({ replace: 3, update: 1 });
    expect(replaced.outputs?.webId).not.toBe(webId);
    const instances = Object.values((await api.control.state()).instances) as any[];
    expect(instances).toHaveLength(2);
    expect(instances.every((i) => i.templateId === instances[0].templateId)).toBe(true);

    // No token anywhere: state, outputs, CLI output.
    const text = JSON.stringify(exported.deployment);
    expect(text).not.toContain(api.token);
    for (const r of [up, preview, again, renamed, replaced]) expect(r.output).not.toContain(api.token);
    const vm = resourcesOf(exported.deployment, "cim:Instance")[0];
    expect(vm.outputs.state).toBe("Running");

    const [destroyed] = await run([{ op: "destroy" }, { op: "rm" }]);
    expect(destroyed.summary).toEqual({ delete: 7 });
    const empty = await api.control.state();
    const mine = (records: Record<string, any>) =>
      Object.values(records).filter((r) => r.account === "user-1");
    expect(mine(empty.instances)).toEqual([]);
    expect(mine(empty.volumes)).toEqual([]);
    expect(mine(empty.vpcs)).toEqual([]);
    expect(mine(empty.networks)).toEqual([]);
    expect(mine(empty.backupSchedules)).toEqual([]);
  }, 600_000);
});
