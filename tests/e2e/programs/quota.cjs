// The quota-preflight e2e program: `quota:instances` instances, `quota:volumes` detached volumes and
// `quota:groups` multi-region groups.
module.exports = async (cim, pulumi) => {
  const config = new pulumi.Config("quota");
  const zone = await cim.getZone("de-fra-1a");
  const template = await cim.getTemplate("Ubuntu 22.04 LTS");
  const small = await cim.getComputeOffering({ name: "Small", zoneId: zone.id });
  const disk = await cim.getDiskOffering("Small 20 GB");
  for (let i = 0; i < (config.getNumber("instances") ?? 0); i++) {
    new cim.Instance(`vm-${i}`, { zoneId: zone.id, templateId: template.id, serviceOfferingId: small.id });
  }
  for (let i = 0; i < (config.getNumber("volumes") ?? 0); i++) {
    new cim.Volume(`disk-${i}`, { zoneId: zone.id, diskOfferingId: disk.id });
  }
  for (let i = 0; i < (config.getNumber("groups") ?? 0); i++) new cim.MultiRegionGroup(`mesh-${i}`, {});
  return {};
};
