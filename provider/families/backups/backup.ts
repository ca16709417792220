// cim.Backup: an on-demand backup of an instance (the platform's createBackup, a job), deleted with the resource
// (deleteBackup, a job). Nothing of it changes in place. The instance must have a backup offering
// (cim.Instance backupOfferingId): one given as a plain id is read at check for it; the platform refuses the rest.

import { z } from "zod";
import type { Backup } from "../../client";
import { commonFields, descriptionField, field, output, recordCalls, zoneId } from "../../kinds/common";
import { defineKind } from "../../kinds/define";
import { examples, exported, outputOf, resource } from "../../kinds/examples";
import { text } from "../../lifecycle/check";
import { backedUpInstance } from "../backupSchedules/backupSchedule";

export const backup = defineKind({
  name: "Backup",
  noun: "backup",
  taggedAs: "Backup",
  summary: "An on-demand backup of an instance that has a backup offering.",
  ...examples(
    ["zoneId", "templateId", "serviceOfferingId", "backedUpDb"],
    [
      resource(
        "Backup",
        "db-before-upgrade",
        { instanceId: outputOf("db.id"), description: "before the upgrade" },
        { as: "beforeUpgrade" },
      ),
      exported("backupSize", "beforeUpgrade.size"),
    ],
  ),
  nameFromResource: true,
  quota: { limit: "backupLimit", count: "backupCount" },
  // CloudStack's Backup.Status: a backup being taken is busy; one being deleted (Removed) counts as gone.
  states: {
    busy: ["Allocated", "Queued", "BackingUp"],
    gone: ["Removed", "Expunged"],
    failed: "Error",
  },
  fields: {
    ...commonFields,
    instanceId: backedUpInstance(
      "The instance to back up (the API's `vmId`); it must have a backup offering.",
      (b: Backup) => b.virtualMachineId,
    ),
    name: field(text("the backup's name (the SDK defaults it to the resource name)").optional(), {
      doc: "The backup's name (the SDK defaults it to the resource name).",
      changeNote: "the API has no rename",
      change: "replace",
      live: true,
      present: true,
    }),
    description: descriptionField("what the backup is for", "replace", 1024),
  },
  outputs: {
    state: output("The platform's status: BackedUp once taken (BackingUp, Error, …).", z.string()),
    backupOfferingId: {
      doc: "The backup offering it was taken under.",
      schema: z.string().optional(),
      from: (b: Backup) => b.backupOfferingId || undefined,
    },
    backupOfferingName: {
      doc: "The name of the backup offering the backup was made under.",
      schema: z.string().optional(),
      from: (b: Backup) => b.backupOfferingName || undefined,
    },
    zoneId,
    size: output("Bytes.", z.number().optional()),
    created: {
      doc: "When it was created (the API's `created`, an ISO 8601 date-time).",
      schema: z.string().optional(),
      from: (b: Backup) => b.created ?? b.date,
    },
  },
  api: {
    ...recordCalls((c) => c.backups),
    create: (s, i) =>
      s.client.backups.create(
        { vmId: i.instanceId, name: i.name, description: i.description },
        { region: s.region },
      ),
  },
  importer: {
    order: 55,
    prefix: "vmBackup",
    skip: (b: Backup) => (b.state === "Error" ? "state Error (a failed backup; delete it)" : undefined),
  },
});
