// The fault suite's program: one instance with tags and one volume. It reads the environment of the runner
// process (set per operation by the test), so changing the desired state costs no CLI call:
//   REL_IDS      catalogue ids (JSON) read from the emulator by the test
//   REL_VERSION  "1", or "2": another offering, display name and tag value, and a bigger volume, i.e. in-place
//                updates with two jobs (scale, resize) and synchronous calls (PUT, tags)
//   REL_TIMEOUTS every resource's `timeouts` input (JSON), when set
"use strict";

module.exports = (cim) => {
  const ids = JSON.parse(process.env.REL_IDS);
  const v2 = process.env.REL_VERSION === "2";
  const timeouts = process.env.REL_TIMEOUTS ? JSON.parse(process.env.REL_TIMEOUTS) : undefined;
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
