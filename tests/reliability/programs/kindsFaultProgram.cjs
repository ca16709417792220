// The fault suite's second program (issues 12 and 13): a public IP and a Kubernetes cluster on one isolated
// network. Both are made at create; the cluster scales from one worker to two in the second version
// (desired.cjs; the spec's POST …/clusters/{id}/nodes, a job); both go at delete. The network is what they
// stand on, never faulted, and takes no `timeouts`.
"use strict";

const desired = require("./desired.cjs");

module.exports = (cim) => {
  const { ids, v2, timeouts } = desired();
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
