// Backup schedules, kept by the service itself (synchronous): CloudStack-style interval types and schedules.
import { randomUUID } from "node:crypto";
import { accepted, badRequest, type Ctx, conflict, notFound, ok } from "../http";
import type { BackupScheduleRec } from "../store";
import { body, isoNow, type Obj, ownedList, paging, passThrough, query, reqStr, str } from "./common";

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

function view(r: BackupScheduleRec) {
  return {
    id: r.id,
    vmId: r.vmId,
    intervalType: r.intervalType,
    schedule: r.schedule,
    timezone: r.timezone,
    created: r.created,
    lastUpdated: r.lastUpdated,
  };
}

function checkUnique(ctx: Ctx, vmId: string, intervalType: string, exceptId?: string) {
  const clash = ownedList(ctx, ctx.store.state.backupSchedules).find(
    (s) => s.vmId === vmId && s.intervalType === intervalType && s.id !== exceptId,
  );
  if (clash)
    throw conflict(`Instance ${vmId} already has a ${intervalType} backup schedule`, `id=${clash.id}`);
}

function findSchedule(ctx: Ctx): BackupScheduleRec {
  const r = ctx.store.state.backupSchedules[ctx.params.id];
  if (!r || r.regionId !== ctx.region.id || r.account !== ctx.user.sub) {
    throw notFound(`Backup schedule ${ctx.params.id} not found in region ${ctx.region.name}`);
  }
  return r;
}

export function createSchedule(ctx: Ctx) {
  const b = body(ctx);
  const vmId = reqStr(b, "vmId");
  const intervalType = intervalOf(b);
  const schedule = reqStr(b, "schedule");
  const timezone = str(b, "timezone") || "UTC";
  const vm = ctx.store.state.instances[vmId];
  if (!vm || vm.regionId !== ctx.region.id || vm.account !== ctx.user.sub) {
    throw badRequest(`vmId ${vmId} is not an instance in region ${ctx.region.name}`);
  }
  checkSchedule(intervalType, schedule);
  checkTimezone(timezone);
  checkUnique(ctx, vmId, intervalType);
  const now = isoNow(ctx);
  const rec: BackupScheduleRec = {
    id: randomUUID(),
    regionId: ctx.region.id,
    account: ctx.user.sub,
    created: now,
    lastUpdated: now,
    vmId,
    intervalType,
    schedule,
    timezone,
  };
  ctx.store.state.backupSchedules[rec.id] = rec;
  ctx.audit.resourceId = rec.id;
  ctx.audit.resourceType = "BackupSchedule";
  return accepted(rec.id);
}

export function listSchedules(ctx: Ctx) {
  const vmId = str(query(ctx), "vmId");
  const rows = ownedList(ctx, ctx.store.state.backupSchedules)
    .filter((r) => !vmId || r.vmId === vmId)
    .map(view);
  return ok(passThrough("backupschedules", rows, paging(ctx)));
}

export function getSchedule(ctx: Ctx) {
  return ok(view(findSchedule(ctx)));
}

/** Same JSON body as create; keys left out keep their value. */
export function updateSchedule(ctx: Ctx) {
  const r = findSchedule(ctx);
  const b = body(ctx);
  const intervalType = intervalOf(b, r.intervalType);
  const schedule = str(b, "schedule") || r.schedule;
  const timezone = str(b, "timezone") || r.timezone;
  checkSchedule(intervalType, schedule);
  checkTimezone(timezone);
  checkUnique(ctx, r.vmId, intervalType, r.id);
  Object.assign(r, { intervalType, schedule, timezone, lastUpdated: isoNow(ctx) });
  ctx.audit.resourceId = r.id;
  ctx.audit.resourceType = "BackupSchedule";
  return accepted(r.id);
}

export function deleteSchedule(ctx: Ctx) {
  const r = findSchedule(ctx);
  delete ctx.store.state.backupSchedules[r.id];
  ctx.audit.resourceId = r.id;
  ctx.audit.resourceType = "BackupSchedule";
  return accepted(r.id);
}
