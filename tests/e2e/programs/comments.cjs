// Comments through the CLI: one on a volume (the API deletes those) and one on an isolated network (it cannot),
// the network's text from `comments:text`, the volume comment's visibility from `comments:adminsOnly`. Used by
// tests/e2e/comments.test.ts.
module.exports = async (cim, pulumi) => {
  const config = new pulumi.Config("comments");
  const zone = await cim.getZone("de-fra-1a");
  const isolated = await cim.getNetworkOffering({ name: "Isolated" });
  const disk = await cim.getDiskOffering("Small 20 GB");
  const net = new cim.Network("legacy", { zoneId: zone.id, networkOfferingId: isolated.id });
  const data = new cim.Volume("data", { zoneId: zone.id, diskOfferingId: disk.id });
  const onNet = new cim.Comment("net-note", {
    networkId: net.id,
    text: config.get("text") ?? "do not extend",
  });
  const onVolume = new cim.Comment("data-note", {
    volumeId: data.id,
    text: "restore tested weekly",
    adminsOnly: config.getBoolean("adminsOnly"),
  });
  return { networkId: net.id, netNote: onNet.id, volumeNote: onVolume.id };
};
