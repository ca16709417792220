// The Kubernetes cluster family of the client against the emulator: supported versions read, a cluster made
// (a job), read, listed, scaled through the spec's nodes route with query parameters, upgraded and deleted;
// the kubeconfig read on its own route; refusals typed; a lost create recognised in the recent jobs and a lost
// scale adopted, never sent twice.
import { describe, expect, it } from "vitest";
import {
  BadRequestError,
  type CimClient,
  JobFailedError,
  type KubernetesVersion,
  NotFoundError,
} from "../../provider/client";
import { fastWait, isolatedNetwork, useHarness } from "./emulatorHarness";

describe("client.kubernetesClusters against the emulator", () => {
  let client: CimClient;
  let versions: KubernetesVersion[];
  const t = useHarness(
    (c) => {
      client = c;
    },
    async (h) => {
      const c = await h.client();
      versions = await c.catalogue.kubernetesVersions();
    },
  );
  const { hits } = t;
  const version = (semver: string) => versions.find((v) => v.semanticVersion === semver)!.id;

  async function cluster(name = "k1") {
    const networkId = await isolatedNetwork(client, t.cat, "k8s");
    const medium = (await client.catalogue.computeOfferings()).find((o) => o.name === "Medium")!;
    return {
      name,
      zoneId: t.cat.zoneId,
      kubernetesVersionId: version("1.27.3"),
      serviceOfferingId: medium.id,
      networkId,
      size: 2,
    };
  }

  it("versions: semantic version, minimum CPU and RAM, state", () => {
    expect(versions.find((v) => v.semanticVersion === "1.28.4")).toMatchObject({
      minimumCpuNumber: 2,
      minimumRamSize: 2048,
      state: "Enabled",
    });
  });

  it("create, get, list, scale (nodes route), upgrade, kubeconfig, delete; 404 after", async () => {
    const made = await client.kubernetesClusters.create(await cluster());
    expect((await client.jobs.wait(made, fastWait))?.status).toBe("success");
    const k = await client.kubernetesClusters.get(made.id!);
    expect(k).toMatchObject({ name: "k1", state: "Running", size: 2, controlNodes: 1 });
    expect(k.endpoint).toMatch(/^https:\/\//);
    expect((await client.kubernetesClusters.listAll()).items.map((x) => x.id)).toEqual([made.id]);
    await client.jobs.wait(await client.kubernetesClusters.scale(made.id!, { size: 3 }), fastWait);
    expect((await client.kubernetesClusters.get(made.id!)).size).toBe(3);
    expect(await hits("POST /api/v1/compute/kubernetes/clusters/{id}/nodes")).toBe(1);
    await client.jobs.wait(await client.kubernetesClusters.upgrade(made.id!, version("1.28.4")), fastWait);
    expect((await client.kubernetesClusters.get(made.id!)).kubernetesVersionId).toBe(version("1.28.4"));
    expect(await client.kubernetesClusters.kubeconfig(made.id!)).toContain("kind: Config");
    await client.tags.add({ kind: "cluster", id: made.id! }, { env: "prod" });
    expect((await client.kubernetesClusters.get(made.id!)).tags).toEqual({ env: "prod" });
    await client.jobs.wait(await client.kubernetesClusters.delete(made.id!), fastWait);
    await expect(client.kubernetesClusters.get(made.id!)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("refusals are typed: an offering below the version's minimum (400); a downgrade and a scale while scaling fail their job, as CloudStack checks them there", async () => {
    const want = await cluster();
    const small = (await client.catalogue.computeOfferings()).find((o) => o.name === "Small")!;
    const weak = await client.kubernetesClusters
      .create({ ...want, serviceOfferingId: small.id })
      .catch((e) => e);
    expect(weak).toBeInstanceOf(BadRequestError);
    expect(weak.message).toContain("needs minimum 2 vCPUs");
    const made = await client.kubernetesClusters.create({ ...want, kubernetesVersionId: version("1.27.8") });
    await client.jobs.wait(made, fastWait);
    const down = await client.jobs
      .wait(await client.kubernetesClusters.upgrade(made.id!, version("1.27.3")), fastWait)
      .catch((e) => e);
    expect(down).toBeInstanceOf(JobFailedError);
    expect(down.detail).toContain("can not be downgraded");
    await t.h.control.jobMode("clock", { latencyMs: 60_000 });
    try {
      await client.kubernetesClusters.scale(made.id!, { size: 3 });
      const second = await client.kubernetesClusters.scale(made.id!, { size: 4 });
      await t.h.control.advanceClock(60_000);
      const busy = await client.jobs.wait(second, fastWait).catch((e) => e);
      expect(busy).toBeInstanceOf(JobFailedError);
      expect(busy.detail).toMatch(/is in Scaling state and can not be scaled/);
    } finally {
      await t.h.control.jobMode("timed", { latencyMs: 0 });
    }
  });

  it("a create and a scale whose answers were lost are adopted from the recent jobs, not sent twice", async () => {
    const want = await cluster("lost");
    await t.h.control.fault({
      method: "POST",
      route: "/compute/kubernetes/clusters",
      action: "drop-after",
      times: 1,
    });
    const made = await client.kubernetesClusters.create(want);
    expect(made.adopted).toBe(true);
    expect(await hits("POST /api/v1/compute/kubernetes/clusters")).toBe(1);
    expect((await client.jobs.wait(made, fastWait))?.status).toBe("success");
    expect((await client.kubernetesClusters.get(made.id!)).name).toBe("lost");
    await t.h.control.fault({
      method: "POST",
      route: "/compute/kubernetes/clusters/{id}/nodes",
      action: "drop-after",
      times: 1,
    });
    const scaled = await client.kubernetesClusters.scale(made.id!, { size: 5 });
    expect(scaled).toMatchObject({ id: made.id, adopted: true });
    expect(await hits("POST /api/v1/compute/kubernetes/clusters/{id}/nodes")).toBe(1);
    await client.jobs.wait(scaled, fastWait);
    expect((await client.kubernetesClusters.get(made.id!)).size).toBe(5);
  });
});
