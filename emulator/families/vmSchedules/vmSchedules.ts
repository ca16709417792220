// Instance schedules: start, stop or reboot an instance on a cron schedule in a time zone, between optional
// dates, as CloudStack's createVMSchedule / listVMSchedule / updateVMSchedule / deleteVMSchedule keep them
// (VMScheduleManagerImpl): synchronous, inputs as query parameters like the spec's PUT
// /compute/instances/{id}/schedules/{scheduleId}. The spec shows only that PUT: the rest is in emulator/README.md.

import type { Data } from "../../family";
import { audited, isoNow, paging, passThrough } from "../../handlers/common";
import { bool, query, queryOnly, reqStr, str } from "../../handlers/input";
import { fieldsOf } from "../../handlers/views";
import { accepted, badRequest, type Ctx, notFound, ok } from "../../http";
import type { InstanceRec } from "../instances/records";
import type { VmScheduleRec } from "./records";

export type VmScheduleData = Data<"vmSchedules" | "instances">;
type SCtx = Ctx<VmScheduleData>;

export const ACTIONS = ["START", "STOP", "REBOOT", "FORCE_STOP", "FORCE_REBOOT"] as const;

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
const DAYS = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];
/** [min, max, names (index + offset = value)] per field, as Spring's CronExpression reads them (0 and 7: Sunday). */
const FIELDS: [string, number, number, string[]?, number?][] = [
  ["minute", 0, 59],
  ["hour", 0, 23],
  ["day of month", 1, 31],
  ["month", 1, 12, MONTHS, 1],
  ["day of week", 0, 7, DAYS, 0],
];

function value(text: string, [, min, max, names, offset]: (typeof FIELDS)[number]): number | undefined {
  const named = names?.indexOf(text.toUpperCase()) ?? -1;
  const n = named >= 0 ? named + (offset ?? 0) : /^\d+$/.test(text) ? Number(text) : Number.NaN;
  return n >= min && n <= max ? n : undefined;
}

/** Why a five-field cron expression is refused (CloudStack: "Invalid cron format: …"), or undefined. */
export function cronProblem(schedule: string): string | undefined {
  const parts = schedule.trim().split(/\s+/);
  if (parts.length !== 5)
    return `Cron expression must consist of 5 fields (found ${parts.length} in "${schedule}")`;
  for (const [i, part] of parts.entries()) {
    const spec = FIELDS[i];
    for (const item of part.split(",")) {
      const [range, step] = item.split("/");
      if (step !== undefined && !(/^\d+$/.test(step) && Number(step) > 0))
        return `Invalid step in ${spec[0]}: "${item}"`;
      if (range === "*" || (range === "?" && (i === 2 || i === 4))) continue;
      const [from, to] = range.split("-");
      const a = value(from, spec);
      const b = to === undefined ? a : value(to, spec);
      if (a === undefined || b === undefined || a > b)
        return `Invalid ${spec[0]}: "${item}" (${spec[1]}-${spec[2]})`;
    }
  }
  return undefined;
}

function checkTimezone(tz: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
  } catch {
    throw badRequest(`Invalid value for timezone: ${tz} (an IANA time zone name, e.g. UTC, Europe/Berlin)`);
  }
}

function dateOf(q: Record<string, unknown>, key: string): string | undefined {
  const raw = str(q, key);
  if (raw === undefined) return undefined;
  const ms = Date.parse(raw);
  if (Number.isNaN(ms)) throw badRequest(`Invalid value for ${key}: ${raw} (an ISO 8601 date and time)`);
  return new Date(ms).toISOString();
}

function actionOf(q: Record<string, unknown>, required: boolean): string | undefined {
  const raw = required ? reqStr(q, "action") : str(q, "action");
  if (raw === undefined) return undefined;
  const v = raw.toUpperCase();
  if (!(ACTIONS as readonly string[]).includes(v)) throw badRequest(`Invalid value for action: ${raw}`);
  return v;
}

function scheduleOf(q: Record<string, unknown>, required: boolean): string | undefined {
  const raw = required ? reqStr(q, "schedule") : str(q, "schedule");
  if (raw === undefined) return undefined;
  const problem = cronProblem(raw);
  if (problem) throw badRequest(`Invalid cron format: ${problem}`);
  return raw.trim().split(/\s+/).join(" ");
}

const END_BEFORE_START = "Invalid value for end date. End date can't be less than start date.";

export function scheduleView(r: VmScheduleRec) {
  return {
    id: r.id,
    virtualMachineId: r.vmId,
    ...fieldsOf(r, [
      "name",
      "description",
      "schedule",
      "timezone",
      "action",
      "enabled",
      "startDate",
      "endDate",
      "created",
    ]),
  };
}

const done = (ctx: SCtx, r: VmScheduleRec) =>
  accepted(r.id, undefined, audited(ctx.data.vmSchedules.resourceType, r.id));

/** The caller's instance of the path; a destroyed one takes no schedule. */
function vmOf(ctx: SCtx): InstanceRec {
  const vm = ctx.data.instances.find(ctx.owner, ctx.params.id);
  if (ctx.data.instances.isGone(vm)) throw badRequest(`Instance ${vm.name} is ${vm.state}`);
  return vm;
}

function scheduleOfVm(ctx: SCtx, vmId: string): VmScheduleRec {
  const r = ctx.data.vmSchedules.get(ctx.owner, ctx.params.scheduleId);
  if (!r || r.vmId !== vmId) {
    throw notFound(
      `VM schedule ${ctx.params.scheduleId} not found for instance ${vmId} in region ${ctx.region.name}`,
    );
  }
  return r;
}

/** POST /compute/instances/{id}/schedules?schedule=&timezone=&action=&startDate=&endDate=&enabled=&name=&description= */
export function create(ctx: SCtx) {
  const vm = vmOf(ctx);
  const q = query(ctx);
  const action = actionOf(q, true)!;
  const schedule = scheduleOf(q, true)!;
  const timezone = reqStr(q, "timezone");
  checkTimezone(timezone);
  const nowMs = ctx.clock.now();
  const startDate = dateOf(q, "startDate") ?? new Date(nowMs).toISOString();
  if (Date.parse(startDate) < nowMs - 60_000) {
    throw badRequest("Invalid value for start date. start can't be less than current datetime");
  }
  const endDate = dateOf(q, "endDate");
  if (endDate && Date.parse(startDate) > Date.parse(endDate)) throw badRequest(END_BEFORE_START);
  const fields = {
    vmId: vm.id,
    name: str(q, "name") ?? "",
    description: str(q, "description") ?? "",
    schedule,
    timezone,
    action,
    enabled: bool(q, "enabled") ?? true,
    startDate,
    endDate,
  };
  return done(ctx, ctx.data.vmSchedules.insert(ctx.owner, fields, isoNow(ctx)));
}

export function list(ctx: SCtx) {
  const vm = ctx.data.instances.find(ctx.owner, ctx.params.id);
  const rows = ctx.data.vmSchedules.list(ctx.owner).filter((r) => r.vmId === vm.id);
  return ok(passThrough("vmschedule", rows, paging(ctx), scheduleView));
}

/** Emulator extra: every schedule of the caller in the region (`vmId` filters), so a schedule is read by its id. */
export function listAllVmSchedules(ctx: SCtx) {
  const vmId = str(query(ctx), "vmId");
  const rows = ctx.data.vmSchedules.list(ctx.owner).filter((r) => !vmId || r.vmId === vmId);
  return ok(passThrough("vmschedule", rows, paging(ctx), scheduleView));
}

export function getVmScheduleById(ctx: SCtx) {
  return ok(scheduleView(ctx.data.vmSchedules.find(ctx.owner, ctx.params.scheduleId)));
}

export function get(ctx: SCtx) {
  return ok(scheduleView(scheduleOfVm(ctx, ctx.params.id)));
}

/** What the PUT reads. */
const UPDATE_PARAMS = [
  "schedule",
  "action",
  "timezone",
  "startDate",
  "endDate",
  "enabled",
  "name",
  "description",
] as const;

/** The spec's PUT: query parameters; those left out keep their value (CloudStack's updateVMSchedule). */
export function update(ctx: SCtx) {
  const r = scheduleOfVm(ctx, ctx.params.id);
  // every parameter is optional (left out, it keeps its value): a JSON body would change nothing, silently
  const q = queryOnly(ctx, UPDATE_PARAMS);
  const patch: Partial<VmScheduleRec> = {};
  const action = actionOf(q, false);
  const schedule = scheduleOf(q, false);
  const timezone = str(q, "timezone");
  if (timezone !== undefined) checkTimezone(timezone);
  const startDate = dateOf(q, "startDate");
  const endDate = dateOf(q, "endDate");
  const start = startDate ?? r.startDate;
  if (endDate && Date.parse(start) > Date.parse(endDate)) throw badRequest(END_BEFORE_START);
  if (action !== undefined) patch.action = action;
  if (schedule !== undefined) patch.schedule = schedule;
  if (timezone !== undefined) patch.timezone = timezone;
  if (startDate !== undefined) patch.startDate = startDate;
  if (endDate !== undefined) patch.endDate = endDate;
  const enabled = bool(q, "enabled");
  if (enabled !== undefined) patch.enabled = enabled;
  for (const k of ["name", "description"] as const) {
    const v = str(q, k);
    if (v !== undefined) patch[k] = v;
  }
  return done(ctx, ctx.data.vmSchedules.update(r, patch, isoNow(ctx)));
}

export function remove(ctx: SCtx) {
  const r = scheduleOfVm(ctx, ctx.params.id);
  ctx.data.vmSchedules.delete(r.id);
  return done(ctx, r);
}
