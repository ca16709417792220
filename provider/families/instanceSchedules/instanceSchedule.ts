// cim.InstanceSchedule: start, stop or reboot an instance on a cron schedule in a time zone, between optional
// dates, enabled or not (the platform's VM schedules). Synchronous in the API; every field but the instance
// changes in place through the spec's PUT /compute/instances/{id}/schedules/{scheduleId} (query parameters).
// check applies the platform's rules: five cron fields, IANA time zones, a start before the end, the actions.

import { z } from "zod";
import { type InstanceSchedule, instanceScheduleQuery } from "../../client";
import { commonFields, created, descriptionField, field, instanceField, word } from "../../kinds/common";
import { defineKind, type LiveRules, type LookupFailure, type Recorded } from "../../kinds/define";
import { examples, outputOf, resource } from "../../kinds/examples";
import { bool, text, timeZone } from "../../lifecycle/check";
import { cronProblem } from "./cron";

const ACTIONS = ["start", "stop", "reboot", "force_stop", "force_reboot"] as const;

/**
 * A moment that bounds the schedule: an ISO 8601 date and time, changed in place, compared as instants (the API
 * may write it in another form).
 */
const moment = (what: string, rule: { doc: string; changeNote?: string }) =>
  field(
    z
      .string({ error: `must be ${what}: an ISO 8601 date and time, e.g. "2026-12-01T00:00:00Z"` })
      .trim()
      .refine((s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(s) && !Number.isNaN(Date.parse(s)), {
        message: `must be ${what}: an ISO 8601 date and time, e.g. "2026-12-01T00:00:00Z"`,
      })
      .optional(),
    {
      ...rule,
      change: "update",
      same: (a, b) => b !== undefined && b !== null && Date.parse(String(a)) === Date.parse(String(b)),
      live: true,
    },
  );
const sameCron = (a: unknown, b: unknown) =>
  String(a).trim().split(/\s+/).join(" ") ===
  String(b ?? "")
    .trim()
    .split(/\s+/)
    .join(" ");

/** How far behind this machine's clock a moment may be before a new schedule's check calls it past. */
const SLACK_MS = 15 * 60_000;
/** Whether a moment is past on this machine's clock, with that slack. */
const past = (at: unknown) =>
  typeof at === "string" && !Number.isNaN(Date.parse(at)) && Date.parse(at) < Date.now() - SLACK_MS;

/**
 * A new schedule cannot start in the past (CloudStack's VMScheduleManagerImpl: "Invalid value for start date. start
 * can't be less than current datetime"), nor, left to start now, end in the past; judged only when it is created:
 * a schedule the stack holds keeps the start it was made with. Judged on this machine's clock with a quarter of an
 * hour's slack, so that a server clock off ours never makes the check refuse what the API takes.
 */
async function startsLater(i: Recorded, _read: unknown, { creating }: LiveRules): Promise<LookupFailure[]> {
  if (!creating) return [];
  const start = i.startDate;
  if (typeof start !== "string") {
    if (!past(i.endDate)) return [];
    return [
      {
        property: "endDate",
        reason: `endDate ${String(i.endDate)} is in the past: a new schedule without startDate starts now, and the API refuses an end before the start. Give a later endDate, or leave it out`,
      },
    ];
  }
  if (!past(start)) return [];
  return [
    {
      property: "startDate",
      reason: `startDate ${start} is in the past, and the API refuses a new schedule that starts before now: give a later startDate, or leave it out to start now`,
    },
  ];
}

/**
 * An end before the start the schedule was made with (its start left out of the program: the live one, which
 * check does not see), refused at diff: the API refuses it (VMScheduleManagerImpl: "Invalid value for end date.
 * End date can't be less than start date.").
 */
function endsBeforeItsStart(olds: Recorded, news: Recorded): string | undefined {
  const end = news.endDate;
  const start = olds.startDate;
  if (news.startDate !== undefined || typeof end !== "string" || typeof start !== "string") return undefined;
  if (!(Date.parse(end) < Date.parse(start))) return undefined;
  return `endDate ${end} is before the schedule's start, ${start} (the one it was made with: the program leaves startDate out), and the API refuses an end before the start: give a later endDate`;
}

export const instanceSchedule = defineKind({
  name: "InstanceSchedule",
  noun: "instance schedule",
  summary: "Starts, stops or reboots an instance on a cron schedule in a time zone (synchronous in the API).",
  ...examples(
    ["zoneId", "templateId", "serviceOfferingId", "db"],
    [
      resource("InstanceSchedule", "db-stop-at-night", {
        instanceId: outputOf("db.id"),
        action: "stop",
        schedule: "0 22 * * MON-FRI",
        timezone: "Europe/Berlin",
      }),
      resource("InstanceSchedule", "db-start-mornings", {
        instanceId: outputOf("db.id"),
        action: "start",
        schedule: "0 6 * * MON-FRI",
        timezone: "Europe/Berlin",
        endDate: "2027-06-30T00:00:00Z",
      }),
    ],
  ),
  label: (rec) => `${String(rec.action ?? "schedule")} of instance ${String(rec.instanceId ?? "")}`,
  fields: {
    ...commonFields,
    instanceId: instanceField(
      "the instance the schedule acts on",
      "The instance to start, stop or reboot.",
      (s: InstanceSchedule) => s.virtualMachineId,
    ),
    action: field(word(ACTIONS, `one of ${ACTIONS.join(", ")}`), {
      doc: "`start`, `stop`, `reboot`, `force_stop` or `force_reboot` (any case).",
      change: "update",
      same: (a, b) => String(a).toLowerCase() === String(b ?? "").toLowerCase(),
      live: (s: InstanceSchedule) => s.action?.toLowerCase(),
    }),
    schedule: field(
      text(
        'five cron fields: minute hour day-of-month month day-of-week, e.g. "0 22 * * MON-FRI"',
        255,
      ).superRefine((s, ctx) => {
        const problem = cronProblem(s);
        if (problem)
          ctx.addIssue({ code: "custom", message: `must be a cron schedule of five fields: ${problem}` });
      }),
      {
        doc: 'Five cron fields, minute hour day-of-month month day-of-week, e.g. `"0 22 * * MON-FRI"` (22:00 on weekdays).',
        change: "update",
        same: sameCron,
        live: true,
      },
    ),
    timezone: field(timeZone("the time zone the schedule runs in"), {
      doc: 'IANA time zone the schedule runs in, e.g. `"Europe/Berlin"`.',
      change: "update",
      live: true,
    }),
    startDate: moment("when the schedule starts", {
      doc: "First moment the schedule may run (ISO 8601; the API refuses one in the past at create). Left out: now.",
    }),
    endDate: moment("when the schedule ends", {
      doc: "Last moment it may run (ISO 8601, after `startDate`; left out of the program, the start is when the schedule was made).",
      changeNote: "the API cannot take it away once set",
    }),
    enabled: field(bool("whether the schedule runs"), {
      doc: "Whether the schedule runs (default true).",
      change: "update",
      unset: () => true,
      same: (a, b) => a === (b ?? true),
      live: (s: InstanceSchedule) => s.enabled,
      output: (s: InstanceSchedule, rec: Recorded) =>
        s.enabled ?? (rec.enabled as boolean | undefined) ?? true,
      shown: z.boolean(),
    }),
    name: field(text("a name for the schedule").optional(), {
      doc: "A name for the schedule.",
      change: "update",
      live: (s: InstanceSchedule) => s.name || undefined,
    }),
    description: descriptionField("what the schedule is for", "update", 1024),
  },
  outputs: {
    created,
  },
  liveRules: startsLater,
  changeRefused: endsBeforeItsStart,
  rules(values, fail) {
    const { startDate, endDate } = values as { startDate?: string; endDate?: string };
    if (
      typeof startDate === "string" &&
      typeof endDate === "string" &&
      Date.parse(startDate) > Date.parse(endDate)
    ) {
      fail(
        "endDate",
        `endDate ${endDate} is before startDate ${startDate}: a schedule must end after it starts`,
      );
    }
  },
  api: {
    get: (s, id) => s.client.instanceSchedules.get(id, { region: s.region }),
    list: (s) => s.client.instanceSchedules.list({ region: s.region }),
    // the client sends the schedule's known keys only (the others of the inputs stay home)
    create: (s, i) => s.client.instanceSchedules.create(i.instanceId, i, { region: s.region }),
    async apply(s, live, want, changed) {
      const all = instanceScheduleQuery({ ...want, enabled: want.enabled ?? true });
      const only = Object.fromEntries(Object.entries(all).filter(([k]) => changed.has(k)));
      await s.client.instanceSchedules.update(live.virtualMachineId ?? want.instanceId, live.id, only, {
        region: s.region,
      });
    },
    delete: (s, live) =>
      s.client.instanceSchedules.delete(live.virtualMachineId ?? "", live.id, { region: s.region }),
  },
  importer: {
    order: 52,
    prefix: "powerSchedule",
    name: (v, nameOf) =>
      `${nameOf(v.virtualMachineId) ?? "instance"}-${(v.action ?? "schedule").toLowerCase()}`,
    sortKey: (v) => v.id,
  },
});
