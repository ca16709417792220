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
/** Spring's day names (CronField.DAYS): MON is 1 … SUN 7, as java.time counts; 0 is Sunday as well. */
const DAYS = ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"];
type Field = { name: string; min: number; max: number; names?: string[]; day?: "month" | "week" };
/** Each field's range and names as Spring's CronExpression reads them (0 and 7: Sunday). */
const FIELDS: Field[] = [
  { name: "minute", min: 0, max: 59 },
  { name: "hour", min: 0, max: 23 },
  { name: "day of month", min: 1, max: 31, day: "month" },
  { name: "month", min: 1, max: 12, names: MONTHS },
  { name: "day of week", min: 0, max: 7, names: DAYS, day: "week" },
];

const whole = (t: string) => (/^\d+$/.test(t) ? Number(t) : undefined);
const inRange = (n: number | undefined, f: Field) => n !== undefined && n >= f.min && n <= f.max;

/** Quartz's forms (QuartzCronField): L, LW, L-n, nW of a day of month; nL, n#k of a day of week. */
function quartz(item: string, f: Field): boolean | undefined {
  if (f.day === "month" && /[LW]/.test(item)) {
    if (item === "L" || item === "LW") return true;
    const offset = /^L-(\d+)$/.exec(item);
    if (offset) return Number(offset[1]) > 0;
    const near = /^(\d+)W$/.exec(item);
    return near ? inRange(Number(near[1]), f) : false;
  }
  if (f.day === "week" && /[L#]/.test(item)) {
    const m = /^(\d+)(?:L|#(\d+))$/.exec(item);
    return m ? inRange(Number(m[1]), f) && (m[2] === undefined || Number(m[2]) > 0) : false;
  }
  return undefined;
}

/**
 * Why a five-field cron expression is refused (CloudStack: "Invalid cron format: …"), or undefined. The rules are
 * Spring's (CronField, BitsCronField, QuartzCronField) on CloudStack's "0 " + schedule; the field count and a
 * range that ends before it starts are worded as Spring words them, other refusals in the emulator's words.
 */
export function cronProblem(schedule: string): string | undefined {
  const expression = `0 ${schedule.trim()}`;
  const parts = schedule.trim().split(/\s+/);
  if (parts.length !== 5)
    return `Cron expression must consist of 6 fields (found ${parts.length + 1} in "${expression}")`;
  for (const [i, part] of parts.entries()) {
    const f = FIELDS[i];
    // `?` is any day, as the whole field only (BitsCronField.parseDate)
    if (part === "?" && f.day) continue;
    // names become numbers in the whole field, upper-cased (CronField.replaceOrdinals)
    const value = (f.names ?? []).reduce(
      (t, n, k) => t.split(n).join(String(k + 1)),
      f.names ? part.toUpperCase() : part,
    );
    for (const item of value.split(",")) {
      const q = quartz(item, f);
      if (q === false) return `Invalid ${f.name}: "${item}" (${f.min}-${f.max})`;
      if (q) continue;
      const slash = item.indexOf("/");
      const [range, step] = slash < 0 ? [item, undefined] : [item.slice(0, slash), item.slice(slash + 1)];
      if (step !== undefined && !((whole(step) ?? 0) > 0)) return `Invalid step in ${f.name}: "${item}"`;
      if (range === "*") continue;
      const hyphen = range.indexOf("-");
      const [from, to] = hyphen < 0 ? [range, range] : [range.slice(0, hyphen), range.slice(hyphen + 1)];
      const a = whole(from);
      const b = whole(to);
      if (!inRange(a, f) || !inRange(b, f)) return `Invalid ${f.name}: "${item}" (${f.min}-${f.max})`;
      // Sunday starting a range is 0, not 7 (BitsCronField.parseRange); java.time's ValueRange.of refuses min > max
      const low = f.day === "week" && hyphen >= 0 && a === 7 ? 0 : (a as number);
      if (low > (b as number))
        return `Minimum value must be less than maximum value '${value}' in cron expression "${expression}"`;
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
