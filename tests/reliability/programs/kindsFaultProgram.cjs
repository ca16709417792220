// The fault suite's second program (issues 12 and 13): a public IP and a Kubernetes cluster on one isolated
// network. Both are made at create; the cluster scales from one worker to two at the second version (the
// spec's POST …/clusters/{id}/nodes, a job); both go at delete. The network is what they stand on, never
// faulted. It reads the environment of the runner process like faultProgram.cjs:
//   REL_IDS      catalogue ids (JSON) read from the emulator by the test
//   REL_VERSION  "1", or "2": two workers instead of one (an in-place scale)
//   REL_TIMEOUTS the public IP's and the cluster's `timeouts` input (JSON), when set
"use strict";

module.exports = (cim) => {
  const ids = JSON.parse(process.env.REL_IDS);
  const v2 = process.env.REL_VERSION === "2";
  const timeouts = process.env.REL_TIMEOUTS ? JSON.parse(process.env.REL_TIMEOUTS) : undefined;
  const net = new cim.Network("net", {
    zoneId: ids.zoneId,
    networkOfferingId: ids.isolated,
    displayText: "fault suite",
  });
  const ip = new cim.PublicIp("ip", { networkId: net.id, tags: { suite: "reliability" }, timeouts });
  const cluster = new cim.KubernetesCluster("cluster", {
    zoneId: ids.zoneId,
    kubernetesVersionId: ids.kubernetesVersionId,
    serviceOfferingId: ids.medium,
    networkId: net.id,
    size: v2 ? 2 : 1,
    tags: { suite: "reliability" },
    timeouts,
  });
  return { ipId: ip.id, ipAddress: ip.ipAddress, clusterId: cluster.id, clusterState: cluster.state };
};
