import { afterEach, describe, expect, it } from "vitest";
import { checkFields, id, region, tags, timeouts } from "../../provider/lifecycle/check";
import { batchedRead, markChanged, resetBatches } from "../../provider/lifecycle/readBatch";
import { parseDuration, resolveTimeouts, timeoutProblems } from "../../provider/lifecycle/timeouts";
import {
  compact,
  containsUnknown,
  sameSet,
  sameTags,
  tagDelta,
  tagsOf,
  UNKNOWN,
} from "../../provider/lifecycle/values";

describe("values", () => {
  it("compact removes undefined everywhere (protobuf Structs refuse it)", () => {
    expect(compact({ a: 1, b: undefined, c: { d: undefined, e: [1, undefined, { f: undefined }] } })).toEqual(
      {
        a: 1,
        c: { e: [1, {}] },
      },
    );
  });

  it("finds unknown preview values at any depth", () => {
    expect(containsUnknown(UNKNOWN)).toBe(true);
    expect(containsUnknown(["a", UNKNOWN])).toBe(true);
    expect(containsUnknown({ x: { y: UNKNOWN } })).toBe(true);
    expect(containsUnknown({ x: "y" })).toBe(false);
  });

  it("reads tags from an object or from tag records", () => {
    expect(tagsOf({ env: "prod", n: 1 })).toEqual({ env: "prod", n: "1" });
    expect(tagsOf([{ key: "env", value: "prod", resourceId: "x" }])).toEqual({ env: "prod" });
    expect(tagsOf(undefined)).toEqual({});
  });

  it("compares lists as sets: any order, each element as many times, absent is empty", () => {
    expect(sameSet(["b", "a"], ["a", "b"])).toBe(true);
    expect(sameSet(["a", "a"], ["a"])).toBe(false);
    expect(sameSet(undefined, [])).toBe(true);
    // no separator inside an element makes two lists look alike
    expect(sameSet(["a,b"], ["a", "b"])).toBe(false);
  });

  it("compares tag maps regardless of order", () => {
    expect(sameTags({ a: "1", b: "2" }, { b: "2", a: "1" })).toBe(true);
    expect(sameTags({ a: "1" }, { a: "2" })).toBe(false);
    expect(sameTags(undefined, {})).toBe(true);
  });

  it("changes a tag value by removing and adding it (there is no tag edit)", () => {
    expect(tagDelta({ env: "dev", keep: "x", gone: "y" }, { env: "prod", keep: "x", fresh: "z" })).toEqual({
      remove: { env: "dev", gone: "y" },
      add: { env: "prod", fresh: "z" },
    });
  });
});

describe("timeouts", () => {
  it("reads milliseconds and duration texts", () => {
    expect(parseDuration(1500)).toBe(1500);
    expect(parseDuration("90s")).toBe(90_000);
    expect(parseDuration("10m")).toBe(600_000);
    expect(parseDuration("1h30m")).toBe(5_400_000);
    expect(parseDuration("250ms")).toBe(250);
    expect(parseDuration("2000")).toBe(2000);
    expect(parseDuration("ten minutes")).toBeUndefined();
    expect(parseDuration(-1)).toBeUndefined();
  });

  it("names the operation at fault", () => {
    expect(timeoutProblems({ create: "soon" })[0]).toMatchObject({ key: "create" });
    expect(timeoutProblems({ destroy: "1m" })[0].message).toContain("create, update or delete");
    expect(timeoutProblems("10m")[0].message).toContain("object");
    expect(timeoutProblems({ create: "10m", delete: 5000 })).toEqual([]);
  });

  it("fills in 20-minute defaults", () => {
    expect(resolveTimeouts({ create: "5m" })).toEqual({
      create: 300_000,
      update: 1_200_000,
      delete: 1_200_000,
    });
  });
});

describe("checkFields", () => {
  const fields = { region, zoneId: id("the zone"), tags, timeouts };

  it("names the field and the rule", () => {
    const { failures } = checkFields(fields, {
      zoneId: "de-fra-1a",
      tags: { env: 1 },
      timeouts: { create: "x" },
    });
    expect(failures.map((f) => f.property)).toEqual(["zoneId", "tags", "timeouts"]);
    expect(failures[0].reason).toMatch(/^zoneId must be an id \(a UUID\), not a name: the zone/);
    expect(failures[1].reason).toMatch(/^tags\.env /);
    expect(failures[2].reason).toMatch(/^timeouts\.create must be a positive number/);
  });

  it("says what is wrong with a tag key", () => {
    const { failures } = checkFields(fields, {
      zoneId: "7d1d9c2e-5c1a-5b8e-9a7e-0c1f2e3d4a5b",
      tags: { ["k".repeat(129)]: "v" },
    });
    expect(failures[0].reason).toMatch(/^tags keys must be at most 128 characters \(key "k{40}…"\)$/);
    expect(
      checkFields(fields, { zoneId: "7d1d9c2e-5c1a-5b8e-9a7e-0c1f2e3d4a5b", tags: "env=prod" }).failures[0]
        .reason,
    ).toBe('tags must be a map of text keys to text values, e.g. { env: "prod" }');
  });

  it("refuses inputs it does not know, suggesting the closest", () => {
    const { failures } = checkFields(fields, { zoneID: "x", regoin: "y", __provider: "p" });
    expect(failures.filter((f) => f.property === "zoneID")[0].reason).toContain("(did you mean zoneId?)");
    expect(failures.filter((f) => f.property === "regoin")[0].reason).toContain("(did you mean region?)");
    expect(failures.some((f) => f.property === "__provider")).toBe(false);
    // one message per cause: the required zoneId the misspelling was meant as is not also "required"
    expect(failures.map((f) => f.property)).toEqual(["zoneID", "regoin"]);
    // given as well, the input is checked as usual
    const both = checkFields(fields, { zoneID: "x", zoneId: "not-a-uuid" }).failures.map((f) => f.property);
    expect(both).toEqual(["zoneID", "zoneId"]);
  });

  it("reports a missing required field as required", () => {
    expect(checkFields(fields, {}).failures[0].reason).toBe("zoneId is required: the zone");
  });

  it("passes unknown preview values through unvalidated", () => {
    const r = checkFields(fields, { zoneId: UNKNOWN });
    expect(r.failures).toEqual([]);
    expect(r.values.zoneId).toBe(UNKNOWN);
  });

  it("hides the value of secret fields by reporting no property", () => {
    const r = checkFields({ zoneId: id("the zone") }, { zoneId: "nope" }, { secret: ["zoneId"] });
    expect(r.failures[0].property).toBe("");
    expect(r.failures[0].reason).toContain("zoneId");
  });
});

describe("batchedRead", () => {
  afterEach(resetBatches);

  it("reads the first one alone, then shares one list among reads close together", async () => {
    let gets = 0;
    let lists = 0;
    const rows = Array.from({ length: 50 }, (_, i) => ({ id: `r${i}` }));
    const read = (id: string, now: number) =>
      batchedRead({
        lane: "Instance/r1",
        id,
        now: () => now,
        get: async () => {
          gets++;
          return rows.find((r) => r.id === id);
        },
        list: async () => {
          lists++;
          return rows;
        },
      });
    expect(await read("r0", 0)).toEqual({ id: "r0" });
    const many = await Promise.all(rows.slice(1).map((r, i) => read(r.id, 10 + i)));
    expect(many.every(Boolean)).toBe(true);
    expect(gets).toBe(1);
    expect(lists).toBe(1);
    // After the window a new list is fetched.
    await read("r1", 10_000);
    await read("r2", 10_010);
    expect(lists).toBe(2);
  });

  it("falls back to a get when the id is not in the list (created after it started)", async () => {
    let gets = 0;
    const read = (id: string, now: number) =>
      batchedRead({
        lane: "Volume/r1",
        id,
        now: () => now,
        get: async () => {
          gets++;
          return id === "late" ? { id } : undefined;
        },
        list: async () => [{ id: "a" }],
      });
    await read("a", 0);
    expect(await read("late", 1)).toEqual({ id: "late" });
    expect(await read("gone", 2)).toBeUndefined();
    expect(gets).toBe(3);
  });

  it("reads an id this process changed after the list was asked for alone; the list still serves the others", async () => {
    const gets: string[] = [];
    let lists = 0;
    const rows = [
      { id: "a", v: 1 },
      { id: "b", v: 1 },
      { id: "c", v: 1 },
    ];
    const read = (id: string, now: number) =>
      batchedRead({
        lane: "Instance/r2",
        id,
        now: () => now,
        get: async () => {
          gets.push(id);
          return { id, v: 2 };
        },
        list: async () => {
          lists++;
          return rows;
        },
      });
    await read("a", 0); // first of a quiet period: a get
    expect(await read("b", 10)).toEqual({ id: "b", v: 1 }); // starts the shared list
    markChanged("Instance/r2", "c", 20);
    expect(await read("c", 30)).toEqual({ id: "c", v: 2 }); // changed after the list was asked for
    expect(await read("a", 40)).toEqual({ id: "a", v: 1 }); // the list still answers for the others
    expect(gets).toEqual(["a", "c"]);
    expect(lists).toBe(1);
    // A list asked for after the change answers for it again.
    await read("c", 10_000);
    await read("c", 10_010);
    expect(lists).toBe(2);
    expect(gets).toEqual(["a", "c", "c"]);
  });

  it("a list asked for before notBefore answers no read that gives it; a list asked for after it does", async () => {
    const gets: string[] = [];
    let lists = 0;
    const read = (id: string, now: number, notBefore?: number) =>
      batchedRead({
        lane: "Instance/r3",
        id,
        now: () => now,
        notBefore,
        get: async () => {
          gets.push(id);
          return { id, v: 2 };
        },
        list: async () => {
          lists++;
          return [
            { id: "a", v: 1 },
            { id: "b", v: 1 },
            { id: "c", v: 1 },
          ];
        },
      });
    await read("a", 0);
    expect(await read("b", 10)).toEqual({ id: "b", v: 1 }); // the list of 10
    // learnt at 20 (the running jobs were listed then): the list of 10 may show what had changed by then
    expect(await read("c", 30, 20)).toEqual({ id: "c", v: 1 }); // a list of 30, not the one of 10
    expect(lists).toBe(2);
    expect(await read("a", 40)).toEqual({ id: "a", v: 1 }); // reads without a bound share the newest list
    expect(lists).toBe(2);
    expect(gets).toEqual(["a"]);
  });

  it("reads by id while lists answer fewer reads than an eighth of their rows; lists again when reads crowd", async () => {
    let gets = 0;
    let lists = 0;
    const rows = Array.from({ length: 80 }, (_, i) => ({ id: `s${i}` }));
    const read = (id: string, now: number) =>
      batchedRead({
        lane: "Instance/sparse",
        id,
        now: () => now,
        get: async () => {
          gets++;
          return { id };
        },
        list: async () => {
          lists++;
          return rows;
        },
      });
    // A delete now and then: the first alone, the second brings a list of 80 that answers 2 reads.
    await read("s0", 0);
    await read("s1", 1_000);
    await read("s2", 2_000);
    expect([gets, lists]).toEqual([1, 1]);
    // The list answered 2 of 80: from now on reads go by id, a window at a time, until 10 (80 / 8) come in one.
    for (let i = 0; i < 9; i++) await read(`s${3 + i}`, 8_000 + i * 100);
    expect([gets, lists]).toEqual([10, 1]);
    await read("s20", 8_950); // the tenth read of the window: a list again
    expect(lists).toBe(2);
  });
});
