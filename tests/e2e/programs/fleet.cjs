// `fleet:count` instances on the zone's default network, for the refresh-batching test.
module.exports = async (cim, pulumi) => {
  const count = new pulumi.Config("fleet").getNumber("count") ?? 10;
  const zoneId = (await cim.getZone("de-fra-1a")).id;
  const templateId = (await cim.getTemplate("Debian 12")).id;
  const serviceOfferingId = (await cim.getComputeOffering("Small")).id;
  const ids = [];
  for (let i = 0; i < count; i++) {
    ids.push(
      new cim.Instance(`vm-${i}`, { zoneId, templateId, serviceOfferingId, tags: { fleet: "yes" } }).id,
    );
  }
  return { ids };
};
