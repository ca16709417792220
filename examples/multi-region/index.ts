// The quickstart in two regions: the same VPC, network tier, two instances, attached volume and backup
// schedule, once per region. Ids (zones, templates, offerings) are looked up per region, since an id is valid
// only in its own region. The regions are `regions` from stack config (names or ids, comma-separated),
// else the first two regions the API lists (primary first).
import * as pulumi from "@pulumi/pulumi";
import * as cim from "pulumi-cim";

const config = new pulumi.Config();
const env = config.get("env") ?? "multi";

const regionNames: Promise<string[]> = config.get("regions")
  ? Promise.resolve(
      config
        .require("regions")
        .split(",")
        .map((r) => r.trim()),
    )
  : cim.getRegions().then((rs) =>
      rs
        .filter((r) => r.active !== false)
        .sort((a, b) => Number(b.primary ?? false) - Number(a.primary ?? false))
        .slice(0, 2)
        .map((r) => r.id),
    );

function stack(index: number) {
  const region = regionNames.then(async (names) => {
    if (!names[index]) throw new Error(`multi-region: the API lists fewer than ${index + 1} regions`);
    return (await cim.getRegion(names[index])).id;
  });
  const at = <T>(f: (region: string) => Promise<T>) => region.then(f);
  const zoneId = at((r) => cim.getZones({ region: r }).then((zs) => zs[0].id));
  const templateId = at((r) =>
    cim.getTemplate({ region: r, name: config.get("template") ?? "Ubuntu 22.04 LTS" }).then((t) => t.id),
  );
  const offering = at((r) => cim.getComputeOffering({ region: r, name: "Small" }).then((o) => o.id));
  const suffix = `r${index + 1}`;

  const vpc = new cim.Vpc(`main-${suffix}`, {
    region,
    zoneId,
    cidr: `10.${20 + index}.0.0/16`,
    vpcOfferingId: at((r) => cim.getVpcOffering({ region: r, name: "Default VPC" }).then((o) => o.id)),
    tags: { env, region: suffix },
  });
  const tier = new cim.Network(`app-${suffix}`, {
    region,
    zoneId,
    vpcId: vpc.id,
    networkOfferingId: at((r) => cim.getNetworkOffering({ region: r, name: "VPC Tier" }).then((o) => o.id)),
    gateway: `10.${20 + index}.1.1`,
    netmask: "255.255.255.0",
    tags: { env, region: suffix },
  });
  const web = new cim.Instance(`web-${suffix}`, {
    region,
    zoneId,
    templateId,
    serviceOfferingId: offering,
    networkIds: [tier.id],
    displayName: `web ${suffix}`,
    tags: { env, role: "web" },
  });
  const db = new cim.Instance(`db-${suffix}`, {
    region,
    zoneId,
    templateId,
    serviceOfferingId: offering,
    networkIds: [tier.id],
    displayName: `db ${suffix}`,
    // the backup schedule below needs it (backup offerings are per zone)
    backupOfferingId: at(
      async (r) => (await cim.getBackupOffering({ region: r, name: "Standard", zoneId: await zoneId })).id,
    ),
    tags: { env, role: "db" },
  });
  const data = new cim.Volume(`db-data-${suffix}`, {
    region,
    zoneId,
    diskOfferingId: at((r) => cim.getDiskOffering({ region: r, name: "Custom" }).then((o) => o.id)),
    size: 20,
    instanceId: db.id,
    tags: { env },
  });
  const nightly = new cim.BackupSchedule(`db-nightly-${suffix}`, {
    region,
    instanceId: db.id,
    intervalType: "DAILY",
    schedule: "30:02",
    timezone: "UTC",
  });
  return {
    region: web.region,
    vpcId: vpc.id,
    networkId: tier.id,
    webId: web.id,
    dbId: db.id,
    volumeId: data.id,
    backupScheduleId: nightly.id,
  };
}

export const first = stack(0);
export const second = stack(1);
