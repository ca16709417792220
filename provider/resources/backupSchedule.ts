// The provider behind cim.BackupSchedule. The API keeps schedules itself: create, update and delete are
// synchronous (no job), so there is no partial state; every change is read back and compared.
// Adoption (adoptId): create reads the schedule, requires it to belong to instanceId (which cannot change in
// place), and sends an update only when intervalType, schedule or timezone differ from the program.

import type * as pulumi from "@pulumi/pulumi";
import type { BackupSchedule, BackupScheduleInput } from "../client";
import { type BackupScheduleInputs, checkBackupSchedule, diffBackupSchedule } from "./backupScheduleRules";
import { finishCheck } from "./shared/checkRun";
import { describe, failure, mismatches, ResourceError, readOrGone, regionLabel } from "./shared/errors";
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
    adoptId: rec.adoptId,
    created: (live as Record<string, unknown>).created as string | undefined,
  });
}

const body = (i: BackupScheduleInputs): BackupScheduleInput => ({
  vmId: i.instanceId,
  intervalType: i.intervalType,
  schedule: i.schedule,
  // left out: the API's default on create; the schedule keeps its time zone on update
  timezone: i.timezone,
});

const label = (i: Partial<BackupScheduleInputs> & Record<string, unknown>) =>
  `${i.intervalType} for instance ${i.instanceId}`;

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

/** Records the existing schedule adoptId names; changes it only where the program differs. */
async function adopt(s: Session, want: BackupScheduleInputs & Record<string, unknown>) {
  const id = want.adoptId!;
  const what = { name: label(want), id };
  try {
    const live = await readOrGone(() => s.client.backupSchedules.get(id, { region: s.region }));
    if (!live) {
      throw new ResourceError(
        `cim:${KIND} "${what.name}": adoptId: no backup schedule ${id} in region ${await regionLabel(s, s.region)}. Check the id and the resource's region (ids are valid only in their own region).`,
      );
    }
    if (live.vmId !== want.instanceId) {
      const wrong = mismatches([["instanceId", want.instanceId, live.vmId, false]]);
      throw new ResourceError(
        `${await describe(s, what)}: cannot adopt: the live schedule belongs to another instance: ${wrong.join("; ")}. The instance of a schedule cannot change: set instanceId to the schedule's instance, or leave out adoptId to create a new schedule.`,
      );
    }
    if (notApplied(want, live).length === 0) {
      return { id, outs: backupScheduleOutputs(want, live, s.region) };
    }
    await waitFor(s, await s.client.backupSchedules.update(id, body(want), { region: s.region }), "create");
    return { id, outs: backupScheduleOutputs(want, await readBack(s, id, want), s.region) };
  } catch (err) {
    if (err instanceof ResourceError) throw err;
    throw await failure(s, what, "adopt", err);
  }
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
    if (want.adoptId) return adopt(s, want);
    const what = { name: label(want) };
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
      return {
        outs: backupScheduleOutputs(
          { ...olds, timeouts: want.timeouts, adoptId: want.adoptId },
          live,
          olds.region,
        ),
      };
    } catch (err) {
      throw await failure(s, { name: label(olds), id }, "update", err);
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
