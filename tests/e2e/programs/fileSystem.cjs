// One shared file system on an isolated network, its disk offering from `fs:disk` (a fixed one, default
// "Medium 50 GB") and its name from `fs:name` (default: the resource name). Used by tests/e2e/fileSystemSize.test.ts.
module.exports = async (cim, pulumi) => {
  const config = new pulumi.Config("fs");
  const zone = await cim.getZone("de-fra-1a");
  const isolated = await cim.getNetworkOffering({ name: "Isolated" });
  const disk = await cim.getDiskOffering(config.get("disk") ?? "Medium 50 GB");
  const net = new cim.Network("share-net", { zoneId: zone.id, networkOfferingId: isolated.id });
  const files = new cim.FileSystem("files", {
    zoneId: zone.id,
    networkId: net.id,
    diskOfferingId: disk.id,
    serviceOfferingId: (await cim.getComputeOffering("Medium")).id,
    name: config.get("name"),
  });
  return { fsId: files.id, fsName: files.name, size: files.size, disk: files.diskOfferingName };
};
