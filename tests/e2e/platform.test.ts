// Issue 13's done-when: examples/platform deploys (a VPC tier, a Kubernetes cluster on it, a db with a backup
// offering, a nightly backup schedule and a night-stop schedule, a data volume, its snapshot and a volume
// restored from it), the cluster runs and its kubeconfig is in the stack export only encrypted, a second preview
// changes nothing and makes no mutating call, workers 2 → 4 is one in-place update (a scale, no replace), and
// destroy leaves nothing of the user's in the emulator.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sourceHome, stackRun } from "../harness";
import { exampleProgram, mine, mutating, resourcesOf, startApi, type TestApi, uniqueStack } from "./support";

let api: TestApi;

beforeAll(async () => {
  api = await startApi();
});

afterAll(async () => {
  await api?.close();
});

describe("the platform example, from the source tree", () => {
  it("deploys a cluster, db, schedules and a restored volume, is stable, scales workers in place, and destroys", async () => {
    const home = sourceHome("platform");
    const program = exampleProgram(home, "platform");
    const stackName = uniqueStack("platform");
    const run = await stackRun({ home, stackName, program, envVars: api.envVars });

    // the stack and nine resources: VPC, tier, cluster, db, backup schedule, instance schedule, data volume,
    // snapshot, restored volume
    const [up, exported] = await run([{ op: "up" }, { op: "export-raw" }]);
    expect(up.ok, up.error).toBe(true);
    expect(up.summary).toEqual({ create: 10 });
    expect(up.outputs?.clusterState).toBe("Running");
    expect(up.outputs?.clusterSize).toBe(2);
    expect(up.outputs?.snapshotState).toBe("BackedUp");
    expect(up.outputs?.restoredVolumeSize).toBe(20);

    const state = await api.control.state();
    const clusterId = String(up.outputs?.clusterId);
    const cluster = state.clusters[clusterId];
    expect(cluster.state).toBe("Running");
    expect(cluster.size).toBe(2);
    expect(cluster.networkId).toBe(up.outputs?.networkId);
    expect(state.instances[String(up.outputs?.dbId)].backupOfferingId).toBeTruthy();
    expect(mine(state.backupSchedules)).toHaveLength(1);
    expect(mine(state.vmSchedules)).toHaveLength(1);
    expect(mine(state.snapshots)).toHaveLength(1);
    const restored = state.volumes[String(up.outputs?.restoredVolumeId)];
    expect(restored.snapshotId).toBe(up.outputs?.snapshotId);

    // The kubeconfig is a secret: the stack export (as `pulumi stack export` prints it) holds only its
    // ciphertext, never the emulator's plaintext, and the CLI's output never shows it.
    const plaintext = String(cluster.kubeconfig);
    expect(plaintext).toContain("kind: Config");
    const text = JSON.stringify(exported.deployment);
    expect(text).not.toContain(plaintext);
    expect(text).not.toContain(
      plaintext
        .split("\n")
        .find((l) => l.includes("token:"))!
        .trim(),
    );
    const [k8s] = resourcesOf(exported.deployment, "cim:KubernetesCluster");
    expect(k8s.outputs.kubeconfig).toMatchObject({
      "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
    });
    expect(k8s.outputs.kubeconfig.ciphertext).toBeTruthy();
    expect(up.output).not.toContain(
      plaintext
        .split("\n")
        .find((l) => l.includes("token:"))!
        .trim(),
    );
    expect(text).not.toContain(api.token);
    expect(up.output).toMatch(/kubeconfig\s*:\s*\[secret\]/);

    // A second preview shows no changes and makes no mutating call.
    await api.control.resetRequests();
    const [preview] = await run([{ op: "preview" }]);
    expect(preview.summary).toEqual({ same: 10 });
    expect(mutating(await api.control.requests())).toEqual({});

    // Workers 2 → 4: one in-place update (the cluster's scale job), no replace, the same cluster.
    await api.control.resetRequests();
    const [scaled] = await run([{ op: "up", config: { "cim-e2e:workers": "4" } }]);
    // the one mutating call is the scale (POST …/clusters/{id}/nodes): nothing deleted or created
    expect(Object.keys(mutating(await api.control.requests()))).toEqual([
      expect.stringMatching(/^POST .*kubernetes\/clusters\/.*\/nodes$/),
    ]);
    expect(scaled.ok, scaled.error).toBe(true);
    expect(scaled.summary).toEqual({ update: 1, same: 9 });
    expect(scaled.outputs?.clusterId).toBe(clusterId);
    expect(scaled.outputs?.clusterSize).toBe(4);
    const after = (await api.control.state()).clusters[clusterId];
    expect(after.size).toBe(4);
    expect(after.state).toBe("Running");

    const [destroyed] = await run([{ op: "destroy" }, { op: "rm" }]);
    expect(destroyed.summary).toEqual({ delete: 10 });
    const empty = await api.control.state();
    for (const key of [
      "clusters",
      "instances",
      "volumes",
      "snapshots",
      "backupSchedules",
      "vmSchedules",
      "networks",
      "vpcs",
    ]) {
      expect(empty[key], key).toBeDefined();
      expect(mine(empty[key]), key).toEqual([]);
    }
  }, 600_000);
});
