// The GitOps e2e program (tests/e2e/gitops.test.ts runs it through examples/gitops/pipeline.ts). Stack config
// drives one change of each kind: `displayName` updates web in place, `workerTemplate` replaces worker,
// `withData: false` deletes the data volume, `passwordSsh: true` breaks a mandatory policy. worker has no
// backup schedule, so the policy pack always reports one advisory violation.
// Erasable TypeScript only: Node loads it as it is.
import * as pulumi from "@pulumi/pulumi";
import * as cim from "pulumi-cim";

const config = new pulumi.Config();
const zoneId = cim.getZone("de-fra-1a").then((z) => z.id);
const small = cim.getComputeOffering("Small").then((o) => o.id);
const template = (name: string) => cim.getTemplate(name).then((t) => t.id);
const tags = { env: "test", owner: "platform" };

const web = new cim.Instance("web", {
  zoneId,
  templateId: template("Ubuntu 22.04 LTS"),
  serviceOfferingId: small,
  displayName: config.get("displayName") ?? "web",
  allowPasswordSsh: config.getBoolean("passwordSsh") ? true : undefined,
  // web-backup below needs it
  backupOfferingId: zoneId
    .then((id) => cim.getBackupOffering({ name: "Standard", zoneId: id }))
    .then((o) => o.id),
  tags,
});

const worker = new cim.Instance("worker", {
  zoneId,
  templateId: template(config.get("workerTemplate") ?? "Ubuntu 22.04 LTS"),
  serviceOfferingId: small,
  displayName: "worker",
  tags,
});

if (config.getBoolean("withData") ?? true) {
  new cim.Volume("data", {
    zoneId,
    diskOfferingId: cim.getDiskOffering("Custom").then((o) => o.id),
    size: 10,
    instanceId: web.id,
    tags,
  });
}

new cim.BackupSchedule("web-backup", {
  instanceId: web.id,
  intervalType: "DAILY",
  schedule: "30:02",
  timezone: "UTC",
});

export const webId = web.id;
export const webDisplayName = web.displayName;
export const workerId = worker.id;
