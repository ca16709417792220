// cim.InstanceSchedule's check and diff rules, without the API: the platform's cron syntax (five fields, as
// CloudStack's VM schedules read them), IANA time zones, dates in order, the actions; what changes in place.
import { describe, expect, it } from "vitest";
import { cronProblem } from "../../provider/families/instanceSchedules/cron";
import { kinds } from "../../provider/kinds";
import { checkKind, diffKind } from "../../provider/lifecycle/fields";

type Rec = Record<string, unknown>;
const check = (news: Rec) => checkKind(kinds.InstanceSchedule, {}, news);
const diff = (olds: Rec, news: Rec) => diffKind(kinds.InstanceSchedule, olds, news);
const vm = "3d8e4f50-6172-5839-8cbd-e2f3a4b5c6d7";
const base = { instanceId: vm, action: "stop", schedule: "0 22 * * MON-FRI", timezone: "Europe/Berlin" };
const failuresOf = (news: Rec) => check(news).failures.map((f) => `${f.property}: ${f.reason}`);

describe("cron expressions", () => {
  it("takes the five-field forms the platform takes", () => {
    for (const ok of [
      "0 22 * * MON-FRI",
      "*/15 8-18 * * 1-5",
      "0 0 1,15 JAN-JUN ?",
      "30 6 ? * SUN",
      "0 3 * * 0",
      "0 3 * * 7",
      "0 0-23/2 * * *",
      "  5   4 * * *  ",
      // Spring's day names: MON=1 … SUN=7, so a weekend is SAT-SUN (6-7); SUN starting a range is 0
      "0 6 * * SAT-SUN",
      "0 6 * * sat-sun",
      "0 6 * * 6-7",
      "0 6 * * SUN-SAT",
      "0 6 * * 7-6",
      "0 6 * * MON-SUN/2",
      "0 0 * DEC *",
      "0 0 1 jan,Jul *",
      // Quartz's forms, as Spring takes them
      "0 0 L * ?",
      "0 0 LW * *",
      "0 0 L-3 * *",
      "0 0 15W * *",
      "0 0 1,L * *",
      "0 0 ? * FRIL",
      "0 0 * * 5L",
      "0 0 * * MON#1",
      "0 0 * * 1#2,5",
    ]) {
      expect(cronProblem(ok), ok).toBeUndefined();
    }
  });

  it("refuses the wrong number of fields, values out of range, bad names, steps and ranges, naming the field", () => {
    expect(cronProblem("0 22 * *")).toMatch(/found 4 field\(s\)/);
    expect(cronProblem("0 0 22 * * *")).toMatch(/found 6 field\(s\)/);
    expect(cronProblem("60 * * * *")).toMatch(/the minute field "60" is not a value or range of 0-59/);
    expect(cronProblem("0 24 * * *")).toMatch(/the hour field "24"/);
    expect(cronProblem("0 0 0 * *")).toMatch(/the day of month field "0"/);
    expect(cronProblem("0 0 * 13 *")).toMatch(/the month field "13" .* or JAN-DEC/);
    expect(cronProblem("0 0 * * FUN")).toMatch(/the day of week field "FUN" .* or MON-SUN/);
    expect(cronProblem("0 0 * * 5-1")).toMatch(
      /the day of week field "5-1" is a range that ends before it starts/,
    );
    // a range may not end before it starts: FRI-MON is 5-1, SAT-FRI 6-5; only SUN starting a range is 0
    expect(cronProblem("0 6 * * FRI-MON")).toMatch(/the day of week field "FRI-MON" is a range that ends/);
    expect(cronProblem("0 6 * * SAT-FRI")).toMatch(/"SAT-FRI"/);
    expect(cronProblem("0 0 * NOV-FEB *")).toMatch(/the month field "NOV-FEB" is a range that ends/);
    expect(cronProblem("0 0 * * 8")).toMatch(/the day of week field "8"/);
    expect(cronProblem("0 0 * * MONDAY")).toMatch(/the day of week field "MONDAY"/);
    expect(cronProblem("0 0 MON * *")).toMatch(/the day of month field "MON"/);
    for (const bad of ["L-0", "L3", "0W", "32W", "W", "L/2"])
      expect(cronProblem(`0 0 ${bad} * *`), bad).toMatch(/the day of month field/);
    for (const bad of ["L", "8L", "1#0", "#2", "1#", "1L2"])
      expect(cronProblem(`0 0 * * ${bad}`), bad).toMatch(/the day of week field/);
    expect(cronProblem("*/0 * * * *")).toMatch(/bad step/);
    expect(cronProblem("? * * * *")).toMatch(/the minute field "\?"/);
    // `?` stands for the whole day field only
    expect(cronProblem("0 0 ?,1 * *")).toMatch(/the day of month field "\?"/);
    expect(cronProblem("0 22 * * MON-FRI-SAT")).toMatch(/day of week/);
  });
});

describe("InstanceSchedule check", () => {
  it("requires the instance, action, schedule and time zone", () => {
    expect(check({}).failures.map((f) => f.property)).toEqual([
      "instanceId",
      "action",
      "schedule",
      "timezone",
    ]);
    expect(check(base).failures).toEqual([]);
  });

  it("names the field and the rule: cron, time zone, action, dates and their order", () => {
    expect(failuresOf({ ...base, schedule: "0 25 * * *" })).toEqual([
      'schedule: schedule must be a cron schedule of five fields: the hour field "25" is not a value or range of 0-23',
    ]);
    expect(failuresOf({ ...base, timezone: "Mars/Olympus" })[0]).toMatch(
      /^timezone: .*must be an IANA time zone name/,
    );
    expect(failuresOf({ ...base, action: "hibernate" })[0]).toMatch(
      /^action: .*must be one of start, stop, reboot, force_stop, force_reboot/,
    );
    expect(failuresOf({ ...base, startDate: "tomorrow" })[0]).toMatch(/^startDate: .*ISO 8601 date and time/);
    expect(
      failuresOf({ ...base, startDate: "2027-02-01T00:00:00Z", endDate: "2027-01-01T00:00:00Z" }),
    ).toEqual([
      "endDate: endDate 2027-01-01T00:00:00Z is before startDate 2027-02-01T00:00:00Z: a schedule must end after it starts",
    ]);
    expect(check({ ...base, action: "FORCE_STOP" }).inputs.action).toBe("force_stop");
  });
});

describe("InstanceSchedule diff", () => {
  const olds = { ...base, region: "r", enabled: true, startDate: "2026-11-23T10:00:00.000Z" };
  it("every field but the instance changes in place; values are compared as the platform writes them", () => {
    expect(diff(olds, check(base).inputs).changes).toBe(false);
    // the same instant written otherwise, extra spaces in the cron text, the action in another case: no change
    expect(diff(olds, check({ ...base, startDate: "2026-11-23T11:00:00+01:00" }).inputs).changes).toBe(false);
    expect(
      diff(olds, check({ ...base, schedule: "0  22 * *  MON-FRI", action: "STOP" }).inputs).changes,
    ).toBe(false);
    for (const [k, v] of [
      ["action", "start"],
      ["schedule", "30 6 * * *"],
      ["timezone", "UTC"],
      ["enabled", false],
      ["endDate", "2099-01-01T00:00:00Z"],
      ["name", "night"],
    ] as const) {
      expect(diff(olds, check({ ...base, [k]: v }).inputs), k).toMatchObject({ replaces: [], updates: [k] });
    }
    expect(
      diff(olds, check({ ...base, instanceId: "4e9f5061-7283-594a-9dce-f3a4b5c6d7e8" }).inputs).replaces,
    ).toEqual(["instanceId"]);
  });
});

describe("InstanceSchedule dates the API judges against the live start", () => {
  const live = (creating: boolean) => ({
    creating,
    olds: {},
    find: async () => [],
    ownRecordHolds: () => false,
    traced: {},
  });
  const rules = (news: Rec, creating: boolean) =>
    kinds.InstanceSchedule.liveRules!(news, async () => undefined, live(creating));
  const past = new Date(Date.now() - 2 * 3600_000).toISOString();
  const future = new Date(Date.now() + 48 * 3600_000).toISOString();

  it("a new schedule without startDate starts now: an end already past is refused at check", async () => {
    expect((await rules({ ...base, endDate: past }, true)).map((f) => f.property)).toEqual(["endDate"]);
    expect((await rules({ ...base, endDate: past }, true))[0].reason).toMatch(
      /^endDate \S+ is in the past: a new schedule without startDate starts now, and the API refuses an end before the start/,
    );
    expect(await rules({ ...base, endDate: future }, true)).toEqual([]);
    // a schedule the stack holds is not judged against now (it started when it was made)
    expect(await rules({ ...base, endDate: past }, false)).toEqual([]);
  });

  it("an end before the start a held schedule was made with (left out of the program) is refused at diff", () => {
    const judged = kinds.InstanceSchedule.changeRefused!;
    const refused = (olds: Rec, news: Rec, replaces: string[]) =>
      judged(olds, news, replaces, { id: "s-1", find: async () => [] });
    const olds = { ...base, startDate: "2026-11-01T00:00:00Z", endDate: "2027-06-30T00:00:00Z" };
    expect(refused(olds, { ...base, endDate: "2020-01-01T00:00:00Z" }, [])).toBe(
      "endDate 2020-01-01T00:00:00Z is before the schedule's start, 2026-11-01T00:00:00Z (the one it was made with: the program leaves startDate out), and the API refuses an end before the start: give a later endDate",
    );
    expect(refused(olds, { ...base, endDate: "2026-12-01T00:00:00Z" }, [])).toBeUndefined();
    // a start the program gives is judged at check, with the end (the rule above)
    expect(
      refused(olds, { ...base, startDate: "2019-01-01T00:00:00Z", endDate: "2020-01-01T00:00:00Z" }, []),
    ).toBeUndefined();
  });
});
