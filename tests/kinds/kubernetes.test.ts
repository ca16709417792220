// cim.KubernetesCluster in-process against the emulator: its row of the lifecycle table, the kubeconfig kept
// secret, the engine's waits on its jobs, version upgrades in place or replacements, the offering and version
// rules at check, autoscaling. Shared setup: ./world.ts.
import { describe, expect, it, vi } from "vitest";
import { Jobs } from "../../provider/client/jobs";
import { kinds } from "../../provider/kinds";
import { secretOutputs } from "../../provider/kinds/define";
import { PartialStateError } from "../../provider/lifecycle/errors";
import { ROOMY_LIMITS } from "../fixtures/limits";
import { clusterInputs } from "./parts";
import {
  type Case,
  call,
  cat,
  change,
  ctl,
  describeCases,
  describeOutputsParsed,
  emu,
  first,
  make,
  nameOf,
  p,
  useEmulator,
} from "./world";

const cases: Case[] = [
  {
    kind: "KubernetesCluster",
    inputs: () => clusterInputs(),
    // the workers scale through the nodes route, the version upgrades one minor step, the tags change
    inPlace: (o) => {
      const more = { size: 2, kubernetesVersionId: cat["k8s-1.28.4"], tags: { env: "prod" } };
      return { news: { ...o, ...more }, expect: more };
    },
    // the description cannot change in the API (a version the platform cannot upgrade to is its own test below)
    replace: (o) => ({ news: { ...o, description: "another" }, field: "description" }),
    bad: (i) => ({ news: { ...i, size: 0 }, field: "size" }),
    createRoute: "/api/v1/compute/kubernetes/clusters",
    path: (id) => `/compute/kubernetes/clusters/${id}`,
  },
];

useEmulator();
describeCases(cases);

describe("Kubernetes clusters", () => {
  it("the kubeconfig is a secret output: in outputs once Running, never in a message", async () => {
    expect(secretOutputs(kinds.KubernetesCluster)).toEqual(["kubeconfig"]);
    const { id, outs } = await make("KubernetesCluster", clusterInputs());
    expect(outs.kubeconfig).toContain("kind: Config");
    expect(outs.endpoint).toMatch(/^https:\/\/[\d.]+:6443\/$/);
    // a scale the platform fails: the error names the cluster and the reason, never the kubeconfig
    await ctl.fault({
      method: "POST",
      route: "/api/v1/compute/kubernetes/clusters/{id}/nodes",
      times: 1,
      jobFail: { detail: "worker did not join" },
    });
    const upd = await change("KubernetesCluster", id, outs, { ...clusterInputs(), name: outs.name, size: 3 });
    const err: any = await upd.run().catch((e: unknown) => e);
    expect(String(err?.message)).toContain("worker did not join");
    const token = /token: (\S+)/.exec(outs.kubeconfig)![1];
    expect(JSON.stringify({ message: err.message, stack: err.stack })).not.toContain(token);
    await p("KubernetesCluster").delete!(id, outs);
  });

  it("the engine waits on a cluster's jobs 60 minutes at create and 30 at delete, unless timeouts says otherwise", async () => {
    // the deadline each job wait was given, by the command of the job (the waiter itself is tested apart)
    const deadlines = async (run: () => Promise<unknown>) => {
      const wait = vi.spyOn(Jobs.prototype, "wait");
      try {
        await run();
        return wait.mock.calls.map(([, o]) => o?.timeoutMs);
      } finally {
        wait.mockRestore();
      }
    };
    let made: Awaited<ReturnType<typeof make>> | undefined;
    expect(await deadlines(async () => (made = await make("KubernetesCluster", clusterInputs())))).toEqual([
      60 * 60_000,
    ]);
    expect(await deadlines(() => p("KubernetesCluster").delete!(made!.id, made!.outs))).toEqual([
      30 * 60_000,
    ]);
    const given = { ...clusterInputs(), timeouts: { create: "90m", delete: 120_000 } };
    expect(await deadlines(async () => (made = await make("KubernetesCluster", given)))).toEqual([
      90 * 60_000,
    ]);
    expect(made!.outs?.timeouts).toEqual({ create: "90m", delete: 120_000 });
    expect(await deadlines(() => p("KubernetesCluster").delete!(made!.id, made!.outs))).toEqual([120_000]);
    // a kind without defaults of its own waits the provider's 20 minutes
    const volume = { name: nameOf("disk"), zoneId: cat.zone, diskOfferingId: cat.custom, size: 5 };
    expect(await deadlines(async () => (made = await make("Volume", volume)))).toEqual([20 * 60_000]);
    await p("Volume").delete!(made!.id, made!.outs);
  });

  it("version changes: a patch or the next minor upgrades in place; a skipped minor replaces; an older one is refused", async () => {
    const olds = { ...clusterInputs(), controlNodes: 1, region: emu.regions.find((r) => r.primary)!.id };
    const diff = async (to: string) => {
      const news = (await p("KubernetesCluster").check!(olds, { ...olds, kubernetesVersionId: cat[to] }))
        .inputs;
      return p("KubernetesCluster").diff!("k", olds, news);
    };
    expect(await diff("k8s-1.27.8")).toMatchObject({ changes: true, replaces: [] });
    expect(await diff("k8s-1.28.4")).toMatchObject({ changes: true, replaces: [] });
    const skipped = (
      await p("KubernetesCluster").check!(olds, { ...olds, kubernetesVersionId: cat["k8s-1.29.2"] })
    ).inputs;
    expect((await p("KubernetesCluster").diff!("k", olds, skipped)).replaces).toEqual([
      "kubernetesVersionId",
    ]);
    // names are unique among the account's clusters: a replacement keeping the name deletes the old one first
    expect((await p("KubernetesCluster").diff!("k", olds, skipped)).deleteBeforeReplace).toBe(true);
    const renamed = (await p("KubernetesCluster").check!(olds, { ...skipped, name: `${olds.name}-2` }))
      .inputs;
    expect((await p("KubernetesCluster").diff!("k", olds, renamed)).deleteBeforeReplace).toBe(false);
    // a cluster upgraded outside the program (refresh reads 1.28.4) and a program still at 1.27.8: going back
    // would replace the cluster with an empty one, so preview refuses it and says how to keep it or start over
    const upgraded = { ...olds, kubernetesVersionId: cat["k8s-1.28.4"] };
    const back = await p("KubernetesCluster").check!(upgraded, {
      ...upgraded,
      kubernetesVersionId: cat["k8s-1.27.8"],
    });
    expect(back.failures).toEqual([
      {
        property: "kubernetesVersionId",
        reason: expect.stringMatching(
          /is Kubernetes 1\.27\.8, older than the 1\.28\.4 the cluster runs .*cim\.getKubernetesVersion\(\{ version: "1\.28\.4" \}\).*pulumi up --replace <urn>/,
        ),
      },
    ]);
    // the same from the old inputs of a program that leaves controlNodes and region out (Pulumi YAML records
    // neither): the default of one leaves the cluster as it is, so going back is refused, not a replacement
    const { controlNodes: _control, region: _region, ...leftOut } = upgraded;
    const backLeftOut = await p("KubernetesCluster").check!(leftOut, {
      ...leftOut,
      kubernetesVersionId: cat["k8s-1.27.8"],
    });
    expect(backLeftOut.failures?.map((f) => f.property)).toEqual(["kubernetesVersionId"]);
    // a change that replaces the cluster anyway may pick an older version
    const redone = await p("KubernetesCluster").check!(upgraded, {
      ...upgraded,
      description: "rebuilt",
      kubernetesVersionId: cat["k8s-1.27.8"],
    });
    expect(redone.failures ?? []).toEqual([]);
    // `pulumi up --replace` checks the replacement as a new resource (no old inputs): it passes
    expect(
      (await p("KubernetesCluster").check!({}, { ...upgraded, kubernetesVersionId: cat["k8s-1.27.8"] }))
        .failures ?? [],
    ).toEqual([]);
  });

  it("check refuses an offering below the version's minimum and a Disabled version, at preview", async () => {
    const small = (await first("/offerings/compute", (o) => o.name === "Small")).id;
    const weak = await p("KubernetesCluster").check!({}, clusterInputs({ serviceOfferingId: small }));
    expect(weak.failures?.find((f) => f.property === "serviceOfferingId")?.reason).toMatch(
      /needs at least 2 vCPUs and 2048 MB RAM per node/,
    );
    const off = await p("KubernetesCluster").check!(
      {},
      clusterInputs({ kubernetesVersionId: cat["k8s-1.26.15"] }),
    );
    expect(off.failures?.find((f) => f.property === "kubernetesVersionId")?.reason).toMatch(/Disabled/);
  });

  it("more nodes than the platform's maximum cluster size: the error counts them and names the inputs, at create (nothing made) and at a scale (its job refuses)", async () => {
    // the limit is an operator's setting the API does not show, so preview passes and the create meets it
    const big = clusterInputs({ size: 9, controlNodes: 2 });
    expect((await p("KubernetesCluster").check!({}, big)).failures ?? []).toEqual([]);
    const err = (await make("KubernetesCluster", big).catch((e: Error) => e)) as Error;
    expect(err.message).toContain(
      "create failed: size 9 and controlNodes 2 make 11 nodes, more than the 10 the platform allows a cluster (its cloud.kubernetes.cluster.max.size setting, which the API does not show): lower them, or ask the platform's operators to raise it. The API answered:",
    );
    const scaled = clusterInputs({ autoscaling: { minSize: 1, maxSize: 10 } });
    const auto = (await make("KubernetesCluster", scaled).catch((e: Error) => e)) as Error;
    expect(auto.message).toContain("autoscaling.maxSize 10 and controlNodes 1 make 11 nodes");
    // a scale past it: the platform accepts the request and its job refuses, the cluster unchanged
    const { id, outs } = await make("KubernetesCluster", clusterInputs());
    const grow = await change("KubernetesCluster", id, outs, {
      ...clusterInputs(),
      name: outs.name,
      size: 10,
    });
    const refused = (await grow.run().catch((e: Error) => e)) as Error;
    expect(refused.message).toContain(
      "update failed: size 10 and controlNodes 1 make 11 nodes, more than the 10 the platform allows a cluster (its cloud.kubernetes.cluster.max.size setting, which the API does not show): lower them, or ask the platform's operators to raise it. The API answered:",
    );
    expect(refused.message).toContain("Maximum cluster size can not exceed 10");
    await p("KubernetesCluster").delete!(id, outs);
  });

  describe("a job that could not deploy a node VM, whose text (CloudStack's) does not say why", () => {
    /** The instance allowance set to the instances the account holds now, plus `room`. */
    const instancesLeft = async (room: number) => {
      const { instanceCount } = await call("GET", "/tenants/my-limits");
      await ctl.limits({ instanceLimit: instanceCount + room });
      return instanceCount + room;
    };
    const roomy = () => ctl.limits({ instanceLimit: ROOMY_LIMITS.instanceLimit });

    it("a create past the instance allowance: the error names the allowance and its figures, and what to do; the cluster is kept as failed", async () => {
      // one instance left: the control node takes it, the worker is refused
      const limit = await instancesLeft(1);
      try {
        const err = await make("KubernetesCluster", clusterInputs({ size: 1 })).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(PartialStateError);
        const partial = err as PartialStateError;
        expect(partial.message).toMatch(
          /create failed: Job \S+ \(createKubernetesCluster[^)]*\).* failed: Provisioning node VM failed in the Kubernetes cluster : kube-\d+\./,
        );
        expect(partial.message).toContain(
          `The account's instance allowance is used up: ${limit} of ${limit} instances in use (instanceLimit), GET /api/v1/tenants/my-limits.`,
        );
        expect(partial.message).toContain(
          "This is a quota ceiling: the platform deploys each node of a cluster as an instance of the account",
        );
        expect(partial.message).toContain(
          "The Kubernetes cluster is kept in state as failed; fix the cause and run pulumi up again",
        );
        expect(partial.message).toContain(
          "Retrying fails the same way: remove instances (another cluster's nodes count too), or ask for a higher instanceLimit.",
        );
        expect(partial.message).not.toContain("zone has no capacity");
        await roomy();
        await p("KubernetesCluster").delete!(partial.id, partial.properties);
      } finally {
        await roomy();
      }
    });

    it("a scale past the instance allowance: the error names the allowance, its figures and the workers the scale adds", async () => {
      const { id, outs } = await make("KubernetesCluster", clusterInputs({ size: 1 }));
      const limit = await instancesLeft(1);
      try {
        const grow = await change("KubernetesCluster", id, outs, {
          ...clusterInputs(),
          name: outs.name,
          size: 3,
        });
        const err = (await grow.run().catch((e: Error) => e)) as Error;
        expect(err.message).toMatch(
          /update failed: Job \S+ \(scaleKubernetesCluster[^)]*\).* failed: Scaling failed for Kubernetes cluster : kube-\d+, unable to provision node VM in the cluster\./,
        );
        expect(err.message).toContain(
          `The account's instance allowance has no room for the 2 workers the scale adds: ${limit - 1} of ${limit} instances in use (instanceLimit), GET /api/v1/tenants/my-limits.`,
        );
        expect(err.message).toContain("or ask for a higher instanceLimit.");
      } finally {
        await roomy();
      }
      await expect
        .poll(async () => (await call("GET", `/compute/kubernetes/clusters/${id}`)).state)
        .toBe("Running");
      await p("KubernetesCluster").delete!(id, outs);
    });

    it("with room in the allowances: the error says so with the figures and names the other causes", async () => {
      const inputs = clusterInputs();
      await ctl.fault({
        method: "POST",
        route: "/api/v1/compute/kubernetes/clusters",
        times: 1,
        jobFail: { detail: `Provisioning node VM failed in the Kubernetes cluster : ${inputs.name}` },
      });
      const err = (await make("KubernetesCluster", inputs).catch((e: unknown) => e)) as PartialStateError;
      expect(err).toBeInstanceOf(PartialStateError);
      // the figures as the provider read them, after the job
      const { instanceCount, instanceLimit } = await call("GET", "/tenants/my-limits");
      expect(err.message).toContain(
        `The platform could not deploy a node VM, and its job does not say why; the account's allowances have room (${instanceCount} of ${instanceLimit} instances in use (instanceLimit), `,
      );
      expect(err.message).toContain("the zone has no capacity for another node of the compute offering");
      expect(err.message).toContain("the Kubernetes version's ISO or the node template");
      expect(err.message).toContain("The Kubernetes cluster is kept in state as failed");
      expect(err.message).not.toContain("allowance is used up");
      await p("KubernetesCluster").delete!(err.id, err.properties);
    });
  });

  it("autoscaling changes in place; while it is on, the worker count the autoscaler sets is no drift", async () => {
    const { id, outs } = await make("KubernetesCluster", clusterInputs());
    const on = await change("KubernetesCluster", id, outs, {
      ...clusterInputs(),
      name: outs.name,
      autoscaling: { minSize: 1, maxSize: 4 },
      serviceOfferingId: cat.large,
    });
    expect(on.diff).toMatchObject({ changes: true, replaces: [] });
    const scaled = (await on.run()).outs;
    expect(scaled).toMatchObject({ autoscaling: { minSize: 1, maxSize: 4 }, serviceOfferingId: cat.large });
    const news = { ...clusterInputs(), name: outs.name, autoscaling: { minSize: 1, maxSize: 4 } };
    const same = await change(
      "KubernetesCluster",
      id,
      { ...scaled, size: 3 },
      { ...news, serviceOfferingId: cat.large, size: 1 },
    );
    expect(same.diff.changes).toBe(false);
    const off = await change("KubernetesCluster", id, scaled, {
      ...news,
      autoscaling: undefined,
      serviceOfferingId: cat.large,
      size: 2,
    });
    const done = (await off.run()).outs;
    expect(done.autoscaling).toBeNull();
    expect(done.size).toBe(2);
    await p("KubernetesCluster").delete!(id, done);
  });
});

describeOutputsParsed("kubernetes", cases);
