// Kubernetes clusters under /api/v1/compute/kubernetes/clusters (the spec shows only POST …/{id}/nodes; CloudStack's
// createKubernetesCluster, listKubernetesClusters, scaleKubernetesCluster, upgradeKubernetesCluster,
// deleteKubernetesCluster, getKubernetesClusterConfig and listKubernetesSupportedVersions, emulator/README.md):
// states through each job, CloudStack's refusals in its words, scaling through the nodes route with query
// parameters, upgrades one minor step at a time and never down, tags and comments on the cluster's routes.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ED25519 } from "../fixtures/sshKeys";
import { Api, type Catalogue, expectErrorBody, UUID } from "./harness";

let api: Api;
let c: Catalogue;
let versions: any[];
beforeAll(async () => {
  ({ api, c } = await Api.withCatalogue());
  versions = await api.ok("GET", "/compute/kubernetes/versions");
});
afterAll(() => api.close());
beforeEach(async () => {
  await api.control.reset();
  await api.control.jobMode("timed", { latencyMs: 0 });
});

const done = (res: { jobId: string }) => api.waitJob(res.jobId);
const version = (semver: string) => versions.find((v) => v.semanticVersion === semver);
const medium = () => c.offerings.find((o) => o.name === "Medium");

async function isolated(name = "k8s") {
  const offering = c.networkOfferings.find((o) => !o.forVpc);
  const net = await api.ok("POST", "/networks", {
    body: { name, displayText: name, zoneId: c.zone.id, networkOfferingId: offering.id },
  });
  await done(net);
  return net.id as string;
}

const create = (body: Record<string, unknown>) =>
  api.post("/compute/kubernetes/clusters", {
    body: {
      name: "k1",
      zoneId: c.zone.id,
      kubernetesVersionId: version("1.28.4").id,
      serviceOfferingId: medium().id,
      size: 2,
      ...body,
    },
  });

async function cluster(body: Record<string, unknown> = {}) {
  const res = await create({ networkId: await isolated(), ...body });
  expect(res.status).toBe(200);
  expect((await done(res.body)).status).toBe("success");
  return api.ok("GET", `/compute/kubernetes/clusters/${res.body.id}`);
}

const scale = (id: string, query: Record<string, string | number | boolean>) =>
  api.post(`/compute/kubernetes/clusters/${id}/nodes`, { query });

describe("Kubernetes supported versions (listKubernetesSupportedVersions)", () => {
  it("lists versions of the region with semanticVersion, minimum CPU and RAM, and state", () => {
    expect(versions.length).toBeGreaterThan(2);
    expect(version("1.28.4")).toMatchObject({
      id: expect.stringMatching(UUID),
      name: "v1.28.4",
      minimumCpuNumber: 2,
      minimumRamSize: 2048,
      state: "Enabled",
    });
    expect(version("1.26.15").state).toBe("Disabled");
  });
});

describe("Kubernetes clusters (createKubernetesCluster, listKubernetesClusters, deleteKubernetesCluster)", () => {
  it("create is a long job (10 job latencies): Starting, then Running with an endpoint; the kubeconfig is only on …/config", async () => {
    const networkId = await isolated();
    await api.control.jobMode("clock", { latencyMs: 60_000 });
    const res = await create({ networkId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: expect.stringMatching(UUID), jobId: expect.stringMatching(UUID) });
    const during = await api.ok("GET", `/compute/kubernetes/clusters/${res.body.id}`);
    expect(during).toMatchObject({ state: "Starting", endpoint: "" });
    const early = await api.get(`/compute/kubernetes/clusters/${res.body.id}/config`);
    expect(early.status).toBe(409);
    expect(expectErrorBody(early.body)).toBe(true);
    // a usual job's time (one VM's deploy) is not enough: every node is provisioned and booted
    await api.control.advanceClock(60_000 * 9);
    expect((await api.ok("GET", `/jobs/${res.body.jobId}`)).status).toBe("running");
    expect((await api.ok("GET", `/compute/kubernetes/clusters/${res.body.id}`)).state).toBe("Starting");
    await api.control.advanceClock(60_000);
    const job = await api.ok("GET", `/jobs/${res.body.jobId}`);
    expect(job).toMatchObject({ status: "success", command: "createKubernetesCluster" });
    const k = await api.ok("GET", `/compute/kubernetes/clusters/${res.body.id}`);
    expect(k).toMatchObject({
      name: "k1",
      state: "Running",
      size: 2,
      controlNodes: 1,
      kubernetesVersionId: version("1.28.4").id,
      serviceOfferingName: "Medium",
      endpoint: expect.stringMatching(/^https:\/\/[\d.]+:6443\/$/),
    });
    expect(JSON.stringify(k)).not.toContain("token");
    const config = await api.ok("GET", `/compute/kubernetes/clusters/${res.body.id}/config`);
    expect(config.configData).toContain("kind: Config");
    expect(config.configData).toContain(k.endpoint.replace(/\/$/, ""));
    const list = await api.ok("GET", "/compute/kubernetes/clusters", { query: { name: "k1" } });
    expect(list.kubernetescluster.map((x: any) => x.id)).toEqual([k.id]);
  });

  it("modes immediate and reads end a cluster's create as they end any job: the multiple applies to durations", async () => {
    const networkId = await isolated();
    await api.control.jobMode("immediate");
    const now = await create({ networkId });
    expect((await api.ok("GET", `/jobs/${now.body.jobId}`)).status).toBe("success");
    await api.control.jobMode("reads", { reads: 2 });
    const read = await create({ networkId, name: "k2" });
    expect((await api.ok("GET", `/jobs/${read.body.jobId}`)).status).toBe("running");
    expect((await api.ok("GET", `/jobs/${read.body.jobId}`)).status).toBe("running");
    expect((await api.ok("GET", `/jobs/${read.body.jobId}`)).status).toBe("success");
  });

  it("a failed create leaves the cluster in Error, deletable", async () => {
    await api.control.fault({
      method: "POST",
      route: "/api/v1/compute/kubernetes/clusters",
      jobFail: { detail: "no capacity for the control node" },
      times: 1,
    });
    const res = await create({ networkId: await isolated() });
    expect(await done(res.body)).toMatchObject({
      status: "error",
      detail: "no capacity for the control node",
    });
    expect((await api.ok("GET", `/compute/kubernetes/clusters/${res.body.id}`)).state).toBe("Error");
    const del = await api.ok("DELETE", `/compute/kubernetes/clusters/${res.body.id}`);
    expect((await done(del)).status).toBe("success");
    expect((await api.get(`/compute/kubernetes/clusters/${res.body.id}`)).status).toBe(404);
  });

  it("refuses what CloudStack refuses, in its words", async () => {
    const net = await isolated();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ size: 0 }, /Invalid cluster size: 0/],
      [{ controlNodes: 0 }, /Invalid cluster control nodes count: 0/],
      [{ size: 10 }, /Maximum cluster size can not exceed 10/],
      [{ serviceOfferingId: c.offerings.find((o) => o.name === "Small").id }, /needs minimum 2 vCPUs/],
      [{ kubernetesVersionId: version("1.26.15").id }, /is in Disabled state/],
      [{ networkId: c.zone.defaultNetworkId }, /is not suitable for Kubernetes cluster/],
      [{ keyPair: "nope" }, /Unable to find SSH keypair with name: nope/],
      [{ autoscalingEnabled: true, minSize: 1 }, /Autoscaling requires minsize and maxsize/],
      [{ autoscalingEnabled: true, minSize: 3, maxSize: 3 }, /Maxsize must be greater than minsize/],
    ];
    for (const [body, message] of cases) {
      const res = await create({ networkId: net, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await api.ok("GET", "/compute/kubernetes/clusters")).count).toBe(0);
  });

  it("a key pair of the account is kept; names are unique among live clusters", async () => {
    await api.ok("POST", "/ssh-keypairs", { body: { name: "ops", publicKey: ED25519 } });
    const k = await cluster({ keyPair: "ops", controlNodes: 3 });
    expect(k).toMatchObject({ keyPair: "ops", controlNodes: 3 });
    const again = await create({ networkId: k.networkId });
    expect(again.status).toBe(409);
  });

  it("tags and comments on the cluster's own routes", async () => {
    const k = await cluster();
    await api.ok("POST", `/compute/kubernetes/clusters/${k.id}/tags`, { body: { tags: { env: "prod" } } });
    const tags = await api.ok("GET", `/compute/kubernetes/clusters/${k.id}/tags`);
    expect(tags).toEqual([
      expect.objectContaining({ key: "env", value: "prod", resourceType: "KubernetesCluster" }),
    ]);
    expect((await api.ok("GET", `/compute/kubernetes/clusters/${k.id}`)).tags).toEqual({ env: "prod" });
    const note = await api.post(`/compute/kubernetes/clusters/${k.id}/annotations`, {
      query: { annotation: "owned by team a" },
    });
    expect(note.status).toBe(200);
  });
});

describe("scaleKubernetesCluster through POST …/{id}/nodes (query parameters)", () => {
  /** validateKubernetesClusterScaleParameters refuses in the job: its detail. */
  const refusedScale = async (id: string, query: Record<string, string | number | boolean>) =>
    (await api.failsInJob("POST", `/compute/kubernetes/clusters/${id}/nodes`, /./, { query }))
      .detail as string;
  it("size changes in place through a long job (5 job latencies): Scaling, then Running with the new size", async () => {
    const k = await cluster();
    await api.control.jobMode("clock", { latencyMs: 1000 });
    const res = await scale(k.id, { size: 4 });
    expect(res.status).toBe(200);
    expect((await api.ok("GET", `/compute/kubernetes/clusters/${k.id}`)).state).toBe("Scaling");
    // KubernetesClusterManagerImpl checks the state in the job: a second scale is accepted and fails
    const second = await scale(k.id, { size: 5 });
    expect(second.status).toBe(200);
    await api.control.advanceClock(1000);
    expect(await api.ok("GET", `/jobs/${second.body.jobId}`)).toMatchObject({
      status: "error",
      detail: `Kubernetes cluster ${k.name} is in Scaling state and can not be scaled`,
    });
    await api.control.advanceClock(3000);
    expect((await api.ok("GET", `/compute/kubernetes/clusters/${k.id}`)).state).toBe("Scaling");
    await api.control.advanceClock(1000);
    expect(await api.ok("GET", `/jobs/${res.body.jobId}`)).toMatchObject({
      status: "success",
      command: "scaleKubernetesCluster",
    });
    expect(await api.ok("GET", `/compute/kubernetes/clusters/${k.id}`)).toMatchObject({
      state: "Running",
      size: 4,
    });
  });

  it("autoscaling bounds and the offering", async () => {
    const k = await cluster();
    expect(await refusedScale(k.id, { autoscalingEnabled: true, minSize: 4, maxSize: 2 })).toMatch(
      /Maxsize must be greater than minsize/,
    );
    await done((await scale(k.id, { autoscalingEnabled: true, minSize: 1, maxSize: 5 })).body);
    expect(await api.ok("GET", `/compute/kubernetes/clusters/${k.id}`)).toMatchObject({
      autoscalingEnabled: true,
      minSize: 1,
      maxSize: 5,
    });
    expect(await refusedScale(k.id, { size: 3 })).toMatch(/autoscaling is enabled/);
    const large = c.offerings.find((o) => o.name === "Large");
    await done((await scale(k.id, { serviceOfferingId: large.id, autoscalingEnabled: false })).body);
    expect(await api.ok("GET", `/compute/kubernetes/clusters/${k.id}`)).toMatchObject({
      autoscalingEnabled: false,
      serviceOfferingId: large.id,
    });
    expect(await refusedScale(k.id, {})).toMatch(/cannot be scaled, either service offering or cluster size/);
    expect(await refusedScale(k.id, { size: 0 })).toMatch(/Invalid size/);
    expect((await api.ok("GET", `/compute/kubernetes/clusters/${k.id}`)).size).toBe(2);
  });

  it("refused while the cluster is not Running", async () => {
    const networkId = await isolated();
    await api.control.jobMode("clock", { latencyMs: 1000 });
    const res = await create({ networkId });
    const refused = await scale(res.body.id, { size: 3 });
    expect(refused.status).toBe(200);
    await api.control.advanceClock(1000);
    expect((await api.ok("GET", `/jobs/${refused.body.jobId}`)).detail).toMatch(
      /is in Starting state and can not be scaled/,
    );
  });

  it("a failed scale leaves the cluster in Alert, refusing scales, until the state scanner's next pass", async () => {
    const k = await cluster();
    await api.control.fault({
      method: "POST",
      route: "/api/v1/compute/kubernetes/clusters/{id}/nodes",
      jobFail: { detail: "worker did not join" },
      times: 1,
    });
    await api.control.jobMode("clock", { latencyMs: 1000 });
    const res = await scale(k.id, { size: 3 });
    await api.control.advanceClock(5000);
    expect(await api.ok("GET", `/jobs/${res.body.jobId}`)).toMatchObject({
      status: "error",
      detail: "worker did not join",
    });
    expect(await api.ok("GET", `/compute/kubernetes/clusters/${k.id}`)).toMatchObject({
      state: "Alert",
      size: 2,
    });
    const refused = await scale(k.id, { size: 3 });
    expect(refused.status).toBe(200);
    expect((await api.ok("GET", `/compute/kubernetes/clusters/${k.id}`)).state).toBe("Alert");
    // KubernetesClusterStatusScanner's reconcileAlertCluster, one job latency later: the nodes run, so Running
    await api.control.advanceClock(1000);
    expect((await api.ok("GET", `/jobs/${refused.body.jobId}`)).detail).toMatch(
      /is in Alert state and can not be scaled/,
    );
    expect(await api.ok("GET", `/compute/kubernetes/clusters/${k.id}`)).toMatchObject({
      state: "Running",
      size: 2,
    });
    const recent = await api.ok("GET", "/jobs/recent");
    expect(recent.jobs.map((j: any) => j.command)).not.toContain("reconcileKubernetesCluster");
    await api.control.jobMode("timed", { latencyMs: 0 });
    expect((await done((await scale(k.id, { size: 3 })).body)).status).toBe("success");
  });
});

describe("upgradeKubernetesCluster (POST …/{id}/upgrade?kubernetesVersionId=)", () => {
  const upgrade = (id: string, to: string) =>
    api.post(`/compute/kubernetes/clusters/${id}/upgrade`, {
      query: { kubernetesVersionId: version(to).id },
    });
  /** validateKubernetesClusterUpgradeParameters refuses in the job: its detail. */
  const refusedUpgrade = async (id: string, to: string) =>
    (
      await api.failsInJob("POST", `/compute/kubernetes/clusters/${id}/upgrade`, /./, {
        query: { kubernetesVersionId: version(to).id },
      })
    ).detail as string;

  it("upgrades to the next minor or patch release, never down and never skipping a minor", async () => {
    const k = await cluster({ kubernetesVersionId: version("1.27.3").id });
    expect(await refusedUpgrade(k.id, "1.29.2")).toMatch(/next minor or patch version releases/);
    expect((await upgrade(k.id, "1.26.15")).body.message).toMatch(/is in Disabled state/);
    const res = await upgrade(k.id, "1.28.4");
    expect(res.status).toBe(200);
    expect((await done(res.body)).status).toBe("success");
    expect(await api.ok("GET", `/compute/kubernetes/clusters/${k.id}`)).toMatchObject({
      state: "Running",
      kubernetesVersionId: version("1.28.4").id,
    });
    expect(await refusedUpgrade(k.id, "1.27.8")).toMatch(/can not be downgraded/);
  });

  it("only from Running", async () => {
    const networkId = await isolated();
    await api.control.jobMode("clock", { latencyMs: 1000 });
    const res = await create({ networkId, kubernetesVersionId: version("1.27.3").id });
    const refused = await upgrade(res.body.id, "1.27.8");
    expect(refused.status).toBe(200);
    await api.control.advanceClock(1000);
    expect((await api.ok("GET", `/jobs/${refused.body.jobId}`)).detail).toMatch(/is not in running state/);
  });
});
