// The fault suite's program: one instance with tags and one volume. Its second version (desired.cjs) has
// another offering, display name and tag value, and a bigger volume, i.e. in-place updates with two jobs
// (scale, resize) and synchronous calls (PUT, tags).
"use strict";

const desired = require("./desired.cjs");

module.exports = (cim) => {
  const { ids, v2, timeouts } = desired();
  const vm = new cim.Instance("vm", {
    zoneId: ids.zoneId,
    templateId: ids.templateId,
    serviceOfferingId: v2 ? ids.medium : ids.small,
    displayName: v2 ? "rel-two" : "rel-one",
    tags: { suite: "reliability", env: v2 ? "two" : "one" },
    timeouts,
  });
  const data = new cim.Volume("data", {
    zoneId: ids.zoneId,
    diskOfferingId: ids.customDisk,
    size: v2 ? 20 : 10,
    tags: { suite: "reliability" },
    timeouts,
  });
  return { vmId: vm.id, vmState: vm.state, volumeId: data.id, volumeSize: data.size };
};
