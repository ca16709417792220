// cim.BackupSchedule: the API keeps schedules itself, so create, update and delete are synchronous (no job);
// every change is still read back and compared. The spec does not show the interval types or the schedule
// format; the platform's are CloudStack's (DateUtil.IntervalType and its schedule parsing): HOURLY, DAILY, WEEKLY
// and MONTHLY, each with its own `schedule` shape, checked at preview. The time zone must be an IANA name, as the
// platform requires. The platform needs the instance's backup offering: the instance a new schedule names is read
// at check for it, unless the same run changes that instance's offering.

import type { BackupSchedule } from "../../client";
import { commonFields, created, field, instanceField, oneRecordCalls, word } from "../../kinds/common";
import { defineKind, type LiveRecord } from "../../kinds/define";
import { examples, outputOf, resource } from "../../kinds/examples";
import { text, timeZone, whenKnown } from "../../lifecycle/check";
import { waitFor } from "../../lifecycle/session";

/**
 * The platform refuses a schedule, or a backup, of an instance without a backup offering (CloudStack's
 * BackupManagerImpl: "Cannot configure backup schedule for the VM without having any backup offering").
 */
export const NEEDS_BACKUP_OFFERING = {
  holds: (vm: LiveRecord) => Boolean((vm as { backupOfferingId?: unknown }).backupOfferingId),
  // an instance given another offering (or its first) by the same up is judged by the API after that change
  changesWith: ["backupOfferingId"],
  planned: ["backupOfferingId"],
  reason:
    "has no backup offering: the platform refuses backups and backup schedules of such an instance. Give the instance a backupOfferingId (cim.getBackupOffering) in the program, or assign one to it, first",
};

/** The instance a backup or a backup schedule is of (the API's vmId): one with a backup offering. */
export const backedUpInstance = <R>(doc: string, live: (r: R) => string | undefined) =>
  instanceField("the instance to back up (the API's vmId)", doc, live, NEEDS_BACKUP_OFFERING);

/** Each interval type's `schedule`: its fields (minute, hour, day), their ranges, and an example. */
const INTERVALS = {
  HOURLY: { shape: "MM (the minute)", ranges: [[0, 59]], example: "30" },
  DAILY: {
    shape: "MM:HH (minute:hour)",
    ranges: [
      [0, 59],
      [0, 23],
    ],
    example: "30:02",
  },
  WEEKLY: {
    shape: "MM:HH:D (minute:hour:day of the week, 1 = Sunday to 7)",
    ranges: [
      [0, 59],
      [0, 23],
      [1, 7],
    ],
    example: "30:02:1",
  },
  MONTHLY: {
    shape: "MM:HH:DD (minute:hour:day of the month, 1 to 28)",
    ranges: [
      [0, 59],
      [0, 23],
      [1, 28],
    ],
    example: "30:02:15",
  },
} as const satisfies Record<
  string,
  { shape: string; ranges: readonly (readonly [number, number])[]; example: string }
>;
type Interval = keyof typeof INTERVALS;
const INTERVAL_TYPES = Object.keys(INTERVALS) as [Interval, ...Interval[]];

/** Each interval type's fields, in order, as a message names them. */
const FIELD_NAMES = ["minute", "hour", "day"] as const;

/**
 * What is wrong with `schedule` for `interval`, if anything: the number of its fields, or the first field that is
 * not a number of one or two digits in its range (named, with the range).
 */
const misfit = (interval: Interval, schedule: string): string | undefined => {
  const parts = schedule.trim().split(":");
  const { ranges } = INTERVALS[interval];
  if (parts.length !== ranges.length) return `it has ${parts.length} field(s)`;
  const i = parts.findIndex((p, k) => !/^\d{1,2}$/.test(p) || +p < ranges[k][0] || +p > ranges[k][1]);
  if (i < 0) return undefined;
  return `the ${FIELD_NAMES[i]} field ${JSON.stringify(parts[i])} is not a number from ${ranges[i][0]} to ${ranges[i][1]}`;
};

const sameText = (a: unknown, b: unknown) => String(a).toUpperCase() === String(b ?? "").toUpperCase();

/** The time zone of a schedule the program gives none: sent, since the platform requires one (createBackupSchedule). */
const DEFAULT_TIMEZONE = "UTC";

const body = (i: { instanceId: string; intervalType: string; schedule: string; timezone?: string }) => ({
  vmId: i.instanceId,
  intervalType: i.intervalType,
  schedule: i.schedule,
  timezone: i.timezone ?? DEFAULT_TIMEZONE,
});

export const backupSchedule = defineKind({
  name: "BackupSchedule",
  noun: "backup schedule",
  summary: "When an instance is backed up (synchronous in the API).",
  ...examples(
    ["zoneId", "templateId", "serviceOfferingId", "backedUpDb"],
    [
      resource("BackupSchedule", "db-nightly", {
        instanceId: outputOf("db.id"),
        intervalType: "DAILY",
        schedule: "30:02",
        timezone: "Europe/Berlin",
      }),
    ],
  ),
  label: (rec) => `${String(rec.intervalType)} for instance ${String(rec.instanceId ?? rec.vmId)}`,
  fields: {
    ...commonFields,
    instanceId: backedUpInstance(
      "The instance to back up (the API's `vmId`); it must have a backup offering (`backupOfferingId`).",
      (b: BackupSchedule) => b.vmId,
    ),
    intervalType: field(word(INTERVAL_TYPES, `one of ${INTERVAL_TYPES.join(", ")}`), {
      doc: "How often: `HOURLY`, `DAILY`, `WEEKLY` or `MONTHLY` (any case).",
      change: "update",
      same: sameText,
      live: true,
    }),
    schedule: field(text('when within the interval, e.g. "30:02" (minute:hour) for DAILY', 64), {
      doc: 'When within the interval: `"MM"` for HOURLY (`"30"`), `"MM:HH"` for DAILY (`"30:02"`), `"MM:HH:D"` for WEEKLY (day of the week, 1 = Sunday: `"30:02:1"`), `"MM:HH:DD"` for MONTHLY (day 1 to 28: `"30:02:15"`).',
      change: "update",
      live: true,
    }),
    timezone: field(timeZone("the time zone of the schedule").optional(), {
      doc: 'IANA time zone of the schedule, e.g. `"UTC"` or `"Europe/Berlin"`; always sent, as the platform requires one.',
      change: "update",
      default: DEFAULT_TIMEZONE,
      live: true,
    }),
  },
  outputs: {
    created,
  },
  rules(values, fail) {
    whenKnown(values, ["intervalType", "schedule"], () => {
      const interval = values.intervalType as Interval;
      const schedule = values.schedule as string;
      const i = INTERVALS[interval];
      const why = i ? misfit(interval, schedule) : undefined;
      if (i && why)
        fail(
          "schedule",
          `schedule ${JSON.stringify(schedule)} does not fit intervalType ${interval} (${why}): it takes ${i.shape}, e.g. "${i.example}"`,
        );
    });
  },
  // The platform removes an instance's backup schedules with its backup offering (it takes one offering at a
  // time: the old one goes first, CloudStack's removeVirtualMachineFromBackupOffering)
  goneWith: {
    field: "instanceId",
    kind: "Instance",
    when: (vm, updates) => updates.includes("backupOfferingId") && Boolean(vm.backupOfferingId),
    reason:
      "its instance's backupOfferingId changes, and the platform removes an instance's backup schedules with the offering it had",
  },
  // One schedule of an interval type per instance. One another resource of the stack holds and the same up
  // removes (a rename without an alias) is still there when the create runs: Pulumi creates before it deletes.
  exclusive: [
    {
      property: "intervalType",
      needs: ["instanceId", "intervalType"],
      claimed: (i) =>
        typeof i.instanceId === "string" && typeof i.intervalType === "string"
          ? `${i.instanceId}/${i.intervalType.toUpperCase()}`
          : undefined,
      held: (b: BackupSchedule) => `${b.vmId}/${String(b.intervalType ?? "").toUpperCase()}`,
      reason: (_i, b: BackupSchedule) =>
        `intervalType: instance ${b.vmId} has a ${b.intervalType} backup schedule already (${b.id}), and the platform takes one schedule of an interval type per instance`,
      otherwise: "adopt it with adoptId",
    },
  ],
  api: {
    ...oneRecordCalls((c) => c.backupSchedules),
    create: (s, i) => s.client.backupSchedules.create(body(i), { region: s.region }),
    async apply(s, live, want, _changed, op) {
      await waitFor(s, await s.client.backupSchedules.update(live.id, body(want), { region: s.region }), op);
    },
  },
  importer: {
    order: 50,
    prefix: "backup",
    name: (b, nameOf) => `${nameOf(b.vmId) ?? "instance"}-${(b.intervalType ?? "backup").toLowerCase()}`,
    sortKey: (b) => b.id,
    list: async (s, adopted) =>
      (
        await Promise.all(
          (adopted.Instance ?? []).map((i) => s.client.backupSchedules.list(i.id, { region: s.region })),
        )
      ).flat(),
  },
});
