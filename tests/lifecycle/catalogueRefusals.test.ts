// Preview refuses what the create would refuse on the request and the catalogue alone (disk and network
// offerings, registered images, zones): rows of refusalWorld.ts, each refused at check as the API refuses it.
import { describe, expect, it } from "vitest";
import { providerFor } from "../../provider";
import { clusterArgs, fileSystemArgs, iso, type Row, refusedAtPreview, useWorld, w } from "./refusalWorld";

useWorld();

const ROWS: Row[] = [
  {
    name: "an ISO instance whose root disk offering is customized, without rootDiskSize",
    kind: "Instance",
    bad: () => iso(),
    field: "rootDiskSize",
    reason: /^rootDiskSize is required: root disk offering Custom is customized/,
    api: /rootDiskSize is required with a customized disk offering/,
    good: () => iso({ rootDiskSize: 20 }),
  },
  {
    name: "an ISO instance from an ISO registered as not bootable",
    kind: "Instance",
    bad: () => iso({ isoId: w.dataIso, diskOfferingId: w.fixedDisk }),
    field: "isoId",
    reason: /names ISO "data-iso", which is not bootable/,
    api: /Installing from ISO requires an ISO that is bootable/,
    good: () => iso({ diskOfferingId: w.fixedDisk }),
  },
  {
    name: "an instance from a template registered in another zone",
    kind: "Instance",
    bad: () => ({ zoneId: w.zoneA, serviceOfferingId: w.small, templateId: w.templateB }),
    field: "templateId",
    reason: /names template "golden-b", which is in zone de-fra-1b, not in the instance's zone/,
    api: /Template golden-b is not available in zone/,
    good: () => ({ zoneId: w.zoneB, serviceOfferingId: w.small, templateId: w.templateB }),
  },
  {
    name: "an internal load balancer on a VPC tier whose offering does not serve the internal LB",
    kind: "InternalLoadBalancer",
    bad: () => ({ name: "ilb", networkId: w.plainTier, sourcePort: 80, instancePort: 80 }),
    field: "networkId",
    reason: /of network offering VPC Tier, whose load balancing does not serve the Internal scheme/,
    api: /Scheme Internal is not supported by the network offering/,
    good: () => ({ name: "ilb", networkId: w.ilbTier, sourcePort: 80, instancePort: 80 }),
  },
  {
    name: "a public load-balancer rule on a tier whose offering serves only the internal LB",
    kind: "LoadBalancerRule",
    bad: () => ({ name: "lb", publicIpId: w.vpcIp, networkId: w.ilbTier, publicPort: 80, privatePort: 80 }),
    field: "networkId",
    reason: /whose load balancing serves the Internal scheme only \(internalLb\)/,
    api: /Scheme Public is not supported by the network offering/,
    good: () => ({
      name: "lb",
      publicIpId: w.vpcIp,
      networkId: w.plainTier,
      publicPort: 80,
      privatePort: 80,
    }),
  },
  {
    name: "a Kubernetes cluster on its zone's shared default network",
    kind: "KubernetesCluster",
    bad: () => ({ ...clusterArgs(), networkId: w.zoneNetwork }),
    field: "networkId",
    reason:
      /is the shared default network of zone de-fra-1a, which the platform refuses for a Kubernetes cluster/,
    api: /is not suitable for Kubernetes cluster/,
    good: () => clusterArgs(),
  },
  {
    name: "a shared file system on its zone's shared default network",
    kind: "FileSystem",
    bad: () => ({ ...fileSystemArgs(), networkId: w.zoneNetwork }),
    field: "networkId",
    reason:
      /is the shared default network of zone de-fra-1a, which the platform refuses for a shared file system/,
    api: /Shared network which is not Account scoped/,
    good: () => fileSystemArgs(),
  },
];

describe("preview refuses what the create would refuse on the request and the catalogue", () => {
  refusedAtPreview(ROWS);

  it("an ISO instance with rootDiskSize on its customized offering previews and deploys with that root disk", async () => {
    const p = providerFor("Instance");
    const checked = await p.check!({}, iso({ rootDiskSize: 25 }));
    expect(checked.failures ?? []).toEqual([]);
    const { outs } = await p.create(checked.inputs);
    expect(outs).toMatchObject({ imageType: "iso", rootDiskSize: 25 });
  });

  it("an adopted ISO instance keeps its root disk: no rootDiskSize is asked of it", async () => {
    const p = providerFor("Instance");
    const { id } = await p.create((await p.check!({}, iso({ rootDiskSize: 30 }))).inputs);
    const adopt = await p.check!({}, iso({ adoptId: id }));
    expect(adopt.failures ?? []).toEqual([]);
  });
});
