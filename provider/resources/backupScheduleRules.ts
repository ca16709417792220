// cim:BackupSchedule — input rules (check) and change rules (diff). Pure: no Pulumi, no client.
// The spec does not show the allowed intervalType values or the schedule format, so check only requires
// text and the API judges the rest (its message is passed on, naming the field).

import { adoptId, type Checked, checkFields, type Inputs, id, region, text, timeouts } from "./shared/check";
import { commonRules, type DiffDecision, diffFields, type FieldRules } from "./shared/diff";
import type { TimeoutsInput } from "./shared/timeouts";

export interface BackupScheduleInputs {
  region?: string;
  instanceId: string;
  intervalType: string;
  schedule: string;
  timezone?: string;
  timeouts?: TimeoutsInput;
  adoptId?: string;
}

export const backupScheduleFields = {
  region,
  instanceId: id("the instance to back up (the API's vmId)"),
  intervalType: text("how often, e.g. HOURLY, DAILY, WEEKLY or MONTHLY", 32).transform((s) =>
    s.toUpperCase(),
  ),
  schedule: text('when within the interval, e.g. "30:02" (minute:hour) for DAILY', 64),
  timezone: text('the time zone of the schedule, e.g. "UTC" or "Europe/Berlin"', 64).optional(),
  timeouts,
  adoptId,
};

export function checkBackupSchedule(news: Inputs): Checked<BackupScheduleInputs> {
  const { values, failures } = checkFields(backupScheduleFields, news);
  return { inputs: values as unknown as BackupScheduleInputs, failures };
}

const sameText = (a: unknown, b: unknown) => String(a).toUpperCase() === String(b ?? "").toUpperCase();

// adoptId has no rule, as on every kind: it is read only by create, so changing or removing it later is no
// change at all (neither an update nor a replacement); the state keeps the id that was adopted.
export const backupScheduleRules: FieldRules = {
  ...commonRules,
  instanceId: { change: "replace" },
  intervalType: { change: "update", same: sameText },
  schedule: { change: "update" },
  timezone: { change: "update" },
};

export function diffBackupSchedule(
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): DiffDecision {
  const { changed, replaces } = diffFields(backupScheduleRules, olds, news);
  const replacing = replaces.length > 0;
  return {
    changes: changed.length > 0,
    replaces,
    deleteBeforeReplace: false,
    updates: replacing ? [] : changed,
  };
}
