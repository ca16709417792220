// The VMs the platform deploys for the account's other resources count against its allowances, as CloudStack counts
// them (emulator/README.md, *quota*): a Kubernetes cluster's control and worker nodes are user VMs with a root disk
// each (KubernetesClusterStartWorker, KubernetesClusterScaleWorker), a shared file system's VM has its root disk and
// the data volume (StorageVmSharedFSLifeCycle). The jobs deploy them one by one and refuse the first past the
// `user_vm` or `volume` allowance; my-limits counts what the account holds; a delete or a scale down gives it back.
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { Api, type Catalogue } from "./harness";

let api: Api;
let c: Catalogue;
let k8sVersionId: string;
beforeAll(async () => {
  ({ api, c } = await Api.withCatalogue());
  const versions = await api.ok("GET", "/compute/kubernetes/versions");
  k8sVersionId = versions.find((v: any) => v.semanticVersion === "1.28.4").id;
});
afterAll(() => api.close());
beforeEach(async () => {
  await api.control.reset();
  await api.control.jobMode("timed", { latencyMs: 0 });
});

/** ResourceLimitManagerImpl.checkResourceLimit's text for the user's account. */
const limitText = (type: string) =>
  new RegExp(
    `Maximum number of resources of type '${type}' for account name=\\S+ in domain id=\\S* has been exceeded\\.$`,
  );

const medium = () => c.offerings.find((o) => o.name === "Medium");
const usage = async () => {
  const l = await api.ok("GET", "/tenants/my-limits");
  return { instances: l.instanceCount as number, volumes: l.volumeCount as number };
};
/** Allowances this many above what the account holds now. */
async function room(instances: number, volumes: number) {
  const u = await usage();
  await api.control.limits({ instanceLimit: u.instances + instances, volumeLimit: u.volumes + volumes });
}

async function isolatedNetwork(name: string) {
  const offering = c.networkOfferings.find((o) => !o.forVpc);
  const net = await api.ok("POST", "/networks", {
    body: { name, displayText: name, zoneId: c.zone.id, networkOfferingId: offering.id },
  });
  await api.waitJob(net.jobId);
  return net.id as string;
}

/** Creates a cluster and waits for its job: the cluster's id and the job. */
async function createCluster(
  name: string,
  networkId: string,
  nodes: { controlNodes?: number; size: number },
) {
  const res = await api.ok("POST", "/compute/kubernetes/clusters", {
    body: {
      name,
      zoneId: c.zone.id,
      kubernetesVersionId: k8sVersionId,
      serviceOfferingId: medium().id,
      networkId,
      ...nodes,
    },
  });
  return { id: res.id as string, job: await api.waitJob(res.jobId) };
}
/** Creates a shared file system on the network and waits for its job: its id and the job. */
async function createFs(name: string, networkId: string) {
  const res = await api.ok("POST", "/filesystems", {
    body: {
      name,
      zoneId: c.zone.id,
      networkId,
      diskOfferingId: c.diskOfferings.find((d) => d.customized).id,
      size: 10,
      serviceOfferingId: medium().id,
      filesystem: "XFS",
    },
  });
  return { id: res.id as string, job: await api.waitJob(res.jobId) };
}

const clusterRow = (id: string) => api.ok("GET", `/compute/kubernetes/clusters/${id}`);

describe("Kubernetes cluster nodes count as instances, their root disks as volumes", () => {
  it("a create deploys the nodes one by one: the first past the instance allowance fails the job, those before stay until the delete", async () => {
    const net = await isolatedNetwork("k8s");
    const before = await usage();
    await room(4, 100);
    const first = await createCluster("k1", net, { controlNodes: 1, size: 2 });
    expect(first.job.status).toBe("success");
    expect(await usage()).toEqual({ instances: before.instances + 3, volumes: before.volumes + 3 });

    // one instance left: the second cluster's control node takes it, its first worker is refused
    const second = await createCluster("k2", net, { controlNodes: 1, size: 2 });
    expect(second.job).toMatchObject({ status: "error", command: "createKubernetesCluster" });
    // CloudStack's job says the worker's text alone: the limit's text reaches only the server's log
    expect(second.job.detail).toBe("Provisioning node VM failed in the Kubernetes cluster : k2");
    expect((await clusterRow(second.id)).state).toBe("Error");
    expect(await usage()).toEqual({ instances: before.instances + 4, volumes: before.volumes + 4 });

    // the allowance is used up: an instance deploy is refused for the nodes' sake
    const vm = await api.ok("POST", "/compute/instances", {
      body: {
        zoneId: c.zone.id,
        templateId: c.template.id,
        serviceOfferingId: medium().id,
        networkIds: [net],
      },
    });
    expect((await api.waitJob(vm.jobId)).detail).toMatch(limitText("user_vm"));

    // deleting the failed cluster gives back the node it held
    const del = await api.ok("DELETE", `/compute/kubernetes/clusters/${second.id}`);
    expect((await api.waitJob(del.jobId)).status).toBe("success");
    expect(await usage()).toEqual({ instances: before.instances + 3, volumes: before.volumes + 3 });
  });

  it("says which node it could not deploy: the first control node (holding none), another control node", async () => {
    const net = await isolatedNetwork("k8s");
    const before = await usage();
    await room(0, 100);
    const none = await createCluster("k0", net, { size: 1 });
    expect(none.job.detail).toBe("Provisioning the control VM failed in the Kubernetes cluster : k0");
    expect(await usage()).toEqual(before);

    await room(1, 100);
    const ha = await createCluster("ha", net, { controlNodes: 3, size: 1 });
    expect(ha.job.detail).toBe("Provisioning additional control VM failed in the Kubernetes cluster : ha");
    expect((await usage()).instances).toBe(before.instances + 1);
  });

  it("each node's root disk is checked against the volume allowance after the instance allowance", async () => {
    const net = await isolatedNetwork("k8s");
    const before = await usage();
    await room(100, 2);
    const k = await createCluster("disks", net, { controlNodes: 1, size: 2 });
    expect(k.job.detail).toBe("Provisioning node VM failed in the Kubernetes cluster : disks");
    // the instance allowance had room: the third node's root disk was the one refused
    expect(await usage()).toEqual({ instances: before.instances + 2, volumes: before.volumes + 2 });
  });

  it("a scale up past the allowance fails its job (Alert, then Running as it was); a scale within it counts the new workers, a scale down frees them", async () => {
    const net = await isolatedNetwork("k8s");
    const before = await usage();
    await room(3, 100);
    const k = await createCluster("grow", net, { controlNodes: 1, size: 1 });
    expect(k.job.status).toBe("success");
    const scale = async (size: number) => {
      const res = await api.ok("POST", `/compute/kubernetes/clusters/${k.id}/nodes`, { query: { size } });
      return api.waitJob(res.jobId);
    };

    const refused = await scale(4);
    expect(refused.status).toBe("error");
    expect(refused.detail).toBe(
      "Scaling failed for Kubernetes cluster : grow, unable to provision node VM in the cluster",
    );
    expect(await usage()).toEqual({ instances: before.instances + 2, volumes: before.volumes + 2 });
    // KubernetesClusterStatusScanner's next pass: the nodes it has run
    await expect.poll(async () => (await clusterRow(k.id)).state).toBe("Running");
    expect((await clusterRow(k.id)).size).toBe(1);

    expect((await scale(2)).status).toBe("success");
    expect(await usage()).toEqual({ instances: before.instances + 3, volumes: before.volumes + 3 });
    expect((await scale(1)).status).toBe("success");
    expect(await usage()).toEqual({ instances: before.instances + 2, volumes: before.volumes + 2 });
  });

  it("the nodes of a create count from the request, as a deploy's instance does: a second create meanwhile is checked against them", async () => {
    const net = await isolatedNetwork("k8s");
    await room(2, 100);
    await api.control.jobMode("clock", { latencyMs: 1000 });
    const first = await api.ok("POST", "/compute/kubernetes/clusters", {
      body: {
        name: "a",
        zoneId: c.zone.id,
        kubernetesVersionId: k8sVersionId,
        serviceOfferingId: medium().id,
        networkId: net,
        size: 1,
      },
    });
    const second = await api.ok("POST", "/compute/kubernetes/clusters", {
      body: {
        name: "b",
        zoneId: c.zone.id,
        kubernetesVersionId: k8sVersionId,
        serviceOfferingId: medium().id,
        networkId: net,
        size: 1,
      },
    });
    await api.control.advanceClock(20_000);
    expect((await api.ok("GET", `/jobs/${first.jobId}`)).status).toBe("success");
    expect((await api.ok("GET", `/jobs/${second.jobId}`)).detail).toBe(
      "Provisioning the control VM failed in the Kubernetes cluster : b",
    );
  });
});

describe("the VMs the platform deploys take the zone's capacity as instances do", () => {
  /** The zone's capacity set this many VMs above what it holds now (the account's are all there is). */
  async function capacityFor(vms: number) {
    onTestFinished(async () => void (await api.control.zoneCapacity(c.zone.id, c.zone.capacity)));
    await api.control.zoneCapacity(c.zone.id, (await usage()).instances + vms);
  }
  const deploy = async () => {
    const res = await api.ok("POST", "/compute/instances", {
      body: {
        name: `vm-${Date.now()}`,
        zoneId: c.zone.id,
        templateId: c.template.id,
        serviceOfferingId: c.offering.id,
      },
    });
    return api.waitJob(res.jobId);
  };

  it("a cluster the zone has no room for fails before any node is deployed; the nodes of one it had room for fill it, for a scale up and an instance", async () => {
    const net = await isolatedNetwork("k8s");
    const before = await usage();
    await capacityFor(1);
    const full = await createCluster("big", net, { controlNodes: 1, size: 1 });
    expect(full.job.status).toBe("error");
    expect(full.job.detail).toBe(
      `Provisioning the cluster failed due to insufficient capacity in the Kubernetes cluster: ${full.id}`,
    );
    expect((await clusterRow(full.id)).state).toBe("Error");
    expect(await usage()).toEqual(before);

    await capacityFor(2);
    const k = await createCluster("fits", net, { controlNodes: 1, size: 1 });
    expect(k.job.status).toBe("success");
    const grown = await api.waitJob(
      (await api.ok("POST", `/compute/kubernetes/clusters/${k.id}/nodes`, { query: { size: 2 } })).jobId,
    );
    expect(grown.status).toBe("error");
    expect(grown.detail).toBe(
      `Scaling failed for Kubernetes cluster : fits in zone : ${c.zone.name}, insufficient capacity`,
    );
    await expect.poll(async () => (await clusterRow(k.id)).state).toBe("Running");
    expect((await clusterRow(k.id)).size).toBe(1);
    expect(await usage()).toEqual({ instances: before.instances + 2, volumes: before.volumes + 2 });
    const vm = await deploy();
    expect(vm.status).toBe("error");
    expect(vm.detail).toMatch(/^Unable to create a deployment for VM\[User\|/);
  });

  it("a shared file system's VM takes a place an instance then lacks", async () => {
    const net = await isolatedNetwork("fs");
    await capacityFor(1);
    expect((await createFs("share", net)).job.status).toBe("success");
    expect((await deploy()).detail).toMatch(/^Unable to create a deployment for VM\[User\|/);
  });
});

describe("a shared file system's VM counts as an instance, its root disk and data volume as volumes", () => {
  let netId: string;
  const fsState = async (id: string) => (await api.ok("GET", `/filesystems/${id}`)).fileSystems[0].state;
  beforeEach(async () => {
    netId = await isolatedNetwork("fs");
  });

  it("holds one instance and two volumes until it is expunged; a destroyed one still holds them", async () => {
    const before = await usage();
    const fs = await createFs("share", netId);
    expect(fs.job.status).toBe("success");
    expect(await usage()).toEqual({ instances: before.instances + 1, volumes: before.volumes + 2 });
    await api.ok("DELETE", `/filesystems/${fs.id}`, { query: { forced: true } });
    expect(await fsState(fs.id)).toBe("Destroyed");
    expect(await usage()).toEqual({ instances: before.instances + 1, volumes: before.volumes + 2 });
    const expunge = await api.ok("POST", `/filesystems/${fs.id}/expunge`);
    expect((await api.waitJob(expunge.jobId)).status).toBe("success");
    expect(await usage()).toEqual(before);
  });

  it("a create past the instance allowance fails its job with the limit's own text and leaves Error, holding nothing", async () => {
    const before = await usage();
    await room(0, 100);
    const fs = await createFs("full", netId);
    expect(fs.job).toMatchObject({ status: "error", command: "createSharedFileSystem" });
    expect(fs.job.detail).toMatch(/^Maximum number of resources of type 'user_vm'/);
    expect(fs.job.detail).toMatch(limitText("user_vm"));
    expect(await fsState(fs.id)).toBe("Error");
    expect(await usage()).toEqual(before);
  });

  it("the VM's two volumes are checked against the volume allowance: one left is not enough", async () => {
    const before = await usage();
    await room(100, 1);
    const fs = await createFs("tight", netId);
    expect(fs.job.detail).toMatch(limitText("volume"));
    expect(await usage()).toEqual(before);
    await room(100, 2);
    expect((await createFs("fits", netId)).job.status).toBe("success");
  });
});
