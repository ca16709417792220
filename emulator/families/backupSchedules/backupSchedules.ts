// Backup schedules, kept by the service itself (synchronous): CloudStack-style interval types and schedules.

import type { Data } from "../../family";
import { audited, isoNow, paging, passThrough } from "../../handlers/common";
import { body, type Obj, query, reqStr, str } from "../../handlers/input";
import { fieldsOf } from "../../handlers/views";
import { accepted, badRequest, type Ctx, conflict, ok } from "../../http";
import type { BackupScheduleRec } from "./records";

type BCtx = Ctx<Data<"backupSchedules" | "instances">>;

export const NO_OFFERING_SCHEDULE =
  "Cannot configure backup schedule for the VM without having any backup offering";

export const INTERVAL_TYPES = ["HOURLY", "DAILY", "WEEKLY", "MONTHLY"] as const;

/**
 * schedule per intervalType: HOURLY "MM" (minute 0-59); DAILY "MM:HH"; WEEKLY "MM:HH:D" (day of week 1-7,
 * 1 = Sunday); MONTHLY "MM:HH:DD" (day of month 1-28).
 */
const SHAPES: Record<string, { format: string; fields: [number, number][]; example: string }> = {
  HOURLY: { format: "MM", fields: [[0, 59]], example: "30" },
  DAILY: {
    format: "MM:HH",
    fields: [
      [0, 59],
      [0, 23],
    ],
    example: "30:02",
  },
  WEEKLY: {
    format: "MM:HH:D",
    fields: [
      [0, 59],
      [0, 23],
      [1, 7],
    ],
    example: "30:02:1",
  },
  MONTHLY: {
    format: "MM:HH:DD",
    fields: [
      [0, 59],
      [0, 23],
      [1, 28],
    ],
    example: "30:02:15",
  },
};

function checkSchedule(intervalType: string, schedule: string) {
  const shape = SHAPES[intervalType];
  const parts = schedule.split(":");
  const valid =
    parts.length === shape.fields.length &&
    parts.every((p, i) => /^\d{1,2}$/.test(p) && +p >= shape.fields[i][0] && +p <= shape.fields[i][1]);
  if (!valid) {
    throw badRequest(
      `schedule '${schedule}' does not fit intervalType ${intervalType}`,
      `Expected ${shape.format}, e.g. ${shape.example}`,
    );
  }
}

function checkTimezone(tz: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
  } catch {
    throw badRequest(`timezone '${tz}' is not an IANA time zone name (e.g. UTC, Europe/Berlin)`);
  }
}

function intervalOf(b: Obj, fallback?: string): string {
  const raw = fallback === undefined ? reqStr(b, "intervalType") : (str(b, "intervalType") ?? fallback);
  const v = raw.toUpperCase();
  if (!(INTERVAL_TYPES as readonly string[]).includes(v)) {
    throw badRequest(`intervalType '${raw}' must be one of ${INTERVAL_TYPES.join(", ")}`);
  }
  return v;
}

const view = (r: BackupScheduleRec) =>
  fieldsOf(r, ["id", "vmId", "intervalType", "schedule", "timezone", "created", "lastUpdated"]);

function checkUnique(ctx: BCtx, vmId: string, intervalType: string, exceptId?: string) {
  const clash = ctx.data.backupSchedules
    .list(ctx.owner)
    .find((s) => s.vmId === vmId && s.intervalType === intervalType && s.id !== exceptId);
  if (clash)
    throw conflict(`Instance ${vmId} already has a ${intervalType} backup schedule`, `id=${clash.id}`);
}

const findSchedule = (ctx: BCtx) => ctx.data.backupSchedules.find(ctx.owner, ctx.params.id);
const scheduleAccepted = (ctx: BCtx, r: BackupScheduleRec) =>
  accepted(r.id, undefined, audited(ctx.data.backupSchedules.resourceType, r.id));

export function create(ctx: BCtx) {
  const b = body(ctx);
  const vmId = reqStr(b, "vmId");
  const intervalType = intervalOf(b);
  const schedule = reqStr(b, "schedule");
  // required, as CloudStack's createBackupSchedule has it (the spec does not say); an update keeps it when left out
  const timezone = reqStr(b, "timezone");
  const vm = ctx.data.instances.get(ctx.owner, vmId);
  if (!vm) throw badRequest(`vmId ${vmId} is not an instance in region ${ctx.region.name}`);
  // CloudStack's configureBackupSchedule (BackupManagerImpl): a schedule needs the instance's backup offering.
  if (!vm.backupOfferingId) throw badRequest(NO_OFFERING_SCHEDULE, `vmId=${vmId}`);
  checkSchedule(intervalType, schedule);
  checkTimezone(timezone);
  checkUnique(ctx, vmId, intervalType);
  const fields = { vmId, intervalType, schedule, timezone };
  return scheduleAccepted(ctx, ctx.data.backupSchedules.insert(ctx.owner, fields, isoNow(ctx)));
}

export function list(ctx: BCtx) {
  const vmId = str(query(ctx), "vmId");
  const rows = ctx.data.backupSchedules
    .list(ctx.owner)
    .filter((r) => !vmId || r.vmId === vmId)
    .map(view);
  return ok(passThrough("backupschedules", rows, paging(ctx)));
}

export function get(ctx: BCtx) {
  return ok(view(findSchedule(ctx)));
}

/** Same JSON body as create; keys left out keep their value. */
export function update(ctx: BCtx) {
  const r = findSchedule(ctx);
  const b = body(ctx);
  const intervalType = intervalOf(b, r.intervalType);
  const schedule = str(b, "schedule") || r.schedule;
  const timezone = str(b, "timezone") || r.timezone;
  checkSchedule(intervalType, schedule);
  checkTimezone(timezone);
  checkUnique(ctx, r.vmId, intervalType, r.id);
  return scheduleAccepted(
    ctx,
    ctx.data.backupSchedules.update(r, { intervalType, schedule, timezone }, isoNow(ctx)),
  );
}

export function remove(ctx: BCtx) {
  const r = findSchedule(ctx);
  ctx.data.backupSchedules.delete(r.id);
  return scheduleAccepted(ctx, r);
}
