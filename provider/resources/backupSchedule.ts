// The provider behind cim.BackupSchedule. The API keeps schedules itself: create, update and delete are
// synchronous (no job), so there is no partial state; every change is read back and compared.

import type * as pulumi from "@pulumi/pulumi";
import type { BackupSchedule, BackupScheduleInput } from "../client";
import { type BackupScheduleInputs, checkBackupSchedule, diffBackupSchedule } from "./backupScheduleRules";
import { finishCheck } from "./shared/checkRun";
import { describe, failure, mismatches, ResourceError, readOrGone } from "./shared/errors";
import { defaultRegion, openSession, type Session, waitFor } from "./shared/session";
import { compact } from "./shared/values";

const KIND = "BackupSchedule";

export function backupScheduleOutputs(
  rec: Partial<BackupScheduleInputs> & Record<string, unknown>,
  live: BackupSchedule,
  region: string | undefined,
) {
  return compact({
    region,
    instanceId: live.vmId ?? rec.instanceId,
    intervalType: live.intervalType ?? rec.intervalType,
    schedule: live.schedule ?? rec.schedule,
    timezone: live.timezone ?? rec.timezone,
    timeouts: rec.timeouts,
    created: (live as Record<string, unknown>).created as string | undefined,
  });
}

const body = (i: BackupScheduleInputs): BackupScheduleInput => ({
  vmId: i.instanceId,
  intervalType: i.intervalType,
  schedule: i.schedule,
  // the API's default applies when left out
  timezone: i.timezone as string,
});

function notApplied(want: BackupScheduleInputs, live: BackupSchedule): string[] {
  const upper = (v: unknown) => String(v ?? "").toUpperCase();
  return mismatches([
    ["instanceId", want.instanceId, live.vmId, live.vmId === undefined || live.vmId === want.instanceId],
    [
      "intervalType",
      want.intervalType,
      live.intervalType,
      upper(live.intervalType) === upper(want.intervalType),
    ],
    ["schedule", want.schedule, live.schedule, live.schedule === want.schedule],
    [
      "timezone",
      want.timezone,
      live.timezone,
      want.timezone === undefined || live.timezone === want.timezone,
    ],
  ]);
}

async function readBack(s: Session, id: string, want: BackupScheduleInputs): Promise<BackupSchedule> {
  const live = await readOrGone(() => s.client.backupSchedules.get(id, { region: s.region }));
  if (!live) throw new Error("the schedule cannot be read back (404)");
  const wrong = notApplied(want, live);
  if (wrong.length) throw new Error(`the API did not apply ${wrong.join("; ")}`);
  return live;
}

export const backupScheduleProvider: pulumi.dynamic.ResourceProvider = {
  check: (olds, news) => finishCheck({ kind: KIND, olds, checked: checkBackupSchedule(news) }),

  async diff(_id, olds, news) {
    const d = diffBackupSchedule(olds, news);
    return { changes: d.changes, replaces: d.replaces, deleteBeforeReplace: d.deleteBeforeReplace };
  },

  async create(inputs) {
    const want = inputs as BackupScheduleInputs & Record<string, unknown>;
    const s = openSession(KIND, want.region, want.timeouts);
    const region = await defaultRegion(s);
    s.region = region;
    const what = { name: `${want.intervalType} for instance ${want.instanceId}` };
    let id: string | undefined;
    try {
      const accepted = await s.client.backupSchedules.create(body(want), { region });
      id = accepted.id;
      if (!id) throw new Error("the API accepted the schedule but named no id");
      await waitFor(s, accepted, "create");
      const live = await readBack(s, id, want);
      return { id, outs: backupScheduleOutputs(want, live, region) };
    } catch (err) {
      throw await failure(s, { ...what, id }, "create", err);
    }
  },

  async read(id, props) {
    const s = openSession(KIND, props.region, props.timeouts);
    const live = await readOrGone(() => s.client.backupSchedules.get(id, { region: s.region }));
    if (!live) return {};
    return { id, props: backupScheduleOutputs(props, live, props.region) };
  },

  async update(id, olds, news) {
    const want = news as BackupScheduleInputs & Record<string, unknown>;
    const s = openSession(KIND, olds.region ?? want.region, want.timeouts);
    try {
      await waitFor(s, await s.client.backupSchedules.update(id, body(want), { region: s.region }), "update");
      const live = await readBack(s, id, want);
      return { outs: backupScheduleOutputs({ ...olds, timeouts: want.timeouts }, live, olds.region) };
    } catch (err) {
      throw await failure(
        s,
        { name: `${olds.intervalType} for instance ${olds.instanceId}`, id },
        "update",
        err,
      );
    }
  },

  async delete(id, props) {
    const s = openSession(KIND, props.region, props.timeouts);
    try {
      const live = await readOrGone(() => s.client.backupSchedules.get(id, { region: s.region }));
      if (!live) return;
      await waitFor(s, await s.client.backupSchedules.delete(id, { region: s.region }), "delete");
    } catch (err) {
      const gone = await readOrGone(() => s.client.backupSchedules.get(id, { region: s.region })).then(
        (x) => x === undefined,
        () => false,
      );
      if (gone) return;
      if (err instanceof ResourceError) throw err;
      throw new ResourceError(`${await describe(s, { id })}: delete failed: ${(err as Error).message}`, err);
    }
  },
};
