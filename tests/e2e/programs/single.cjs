// One instance (and optionally a volume attached to it and a backup schedule of it), every knob from stack
// config: region, template, name, deleteProtection, backup offering, userData, adoption ids. Used by the protection, adoption,
// timeouts and region tests. On pulumi-cim/native, `scheduleProvider` puts the schedule under an explicit provider of
// the same settings (a plugin process of its own).
module.exports = async (cim, pulumi) => {
  const c = new pulumi.Config();
  const regionName = c.get("region");
  const region = regionName ? (await cim.getRegion(regionName)).id : undefined;
  const zoneId = (await cim.getZones({ region }))[0].id;
  const templateId = (await cim.getTemplate({ region, name: c.get("template") ?? "Ubuntu 22.04 LTS" })).id;
  const serviceOfferingId = (await cim.getComputeOffering({ region, name: c.get("offering") ?? "Small" })).id;
  const vm = new cim.Instance("vm", {
    region,
    zoneId,
    templateId,
    serviceOfferingId,
    name: c.get("name"),
    displayName: c.get("displayName"),
    deleteProtection: c.getBoolean("deleteProtection"),
    powerState: c.get("powerState"),
    backupOfferingId: c.get("backupOffering")
      ? (await cim.getBackupOffering({ region, zoneId, name: c.get("backupOffering") })).id
      : undefined,
    userData: c.get("userData"),
    adoptId: c.get("adoptInstance"),
    tags: { suite: "e2e" },
    timeouts: { create: c.get("createTimeout") ?? "2m", delete: "2m" },
  });
  const out = { vmId: vm.id, vmName: vm.name, region: vm.region, state: vm.state };
  if (c.getBoolean("volume")) {
    const diskOfferingId = (await cim.getDiskOffering({ region, name: "Custom" })).id;
    const data = new cim.Volume("data", {
      region,
      zoneId,
      diskOfferingId,
      size: c.getNumber("size") ?? 10,
      instanceId: vm.id,
      name: c.get("volumeName"),
      adoptId: c.get("adoptVolume"),
    });
    Object.assign(out, {
      volumeId: data.id,
      volumeName: data.name,
      volumeSize: data.size,
      attachedTo: data.instanceId,
    });
  }
  if (c.get("schedule")) {
    const provider = c.getBoolean("scheduleProvider") ? new cim.Provider("schedules", { region }) : undefined;
    const backup = new cim.BackupSchedule(
      "backup",
      {
        region,
        instanceId: vm.id,
        intervalType: c.get("intervalType") ?? "DAILY",
        schedule: c.get("schedule"),
        timezone: c.get("timezone"),
        adoptId: c.get("adoptSchedule"),
      },
      { provider },
    );
    Object.assign(out, {
      scheduleId: backup.id,
      scheduleInstance: backup.instanceId,
      scheduleInterval: backup.intervalType,
      scheduleTimezone: backup.timezone,
    });
  }
  if (c.get("templateTags")) {
    const t = new cim.Tags("template-tags", {
      region,
      resourceType: "Template",
      resourceId: templateId,
      tags: c.requireObject("templateTags"),
    });
    Object.assign(out, { templateTags: t.tags, templateId });
  }
  return out;
};
