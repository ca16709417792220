// The check and diff rules of cim.FileSystem, offline (no API): its format and size, its growth in place and its
// refused shrink (at check against the old inputs, by a size or a smaller fixed disk offering, at update against
// the live size), which fields replace, a replacement keeping the name deleting first, the disk and compute
// offering rules on the catalogue rows found.
import { describe, expect, it } from "vitest";
import { kinds } from "../../provider/kinds";
import { checkKind, diffKind } from "../../provider/lifecycle/fields";
import { UNKNOWN } from "../../provider/lifecycle/values";

type Rec = Record<string, unknown>;
const fs = kinds.FileSystem;
const check = (news: Rec, olds: Rec = {}) => checkKind(fs, olds, news);
const reasonOf = (news: Rec, property: string, olds: Rec = {}) =>
  check(news, olds).failures.find((f) => f.property === property)?.reason ?? "";

const id = (n: number) => `${n}e9f5061-7283-594a-9dce-f3a4b5c6d7e8`;
const good = {
  name: "assets",
  zoneId: id(1),
  networkId: id(2),
  diskOfferingId: id(3),
  size: 10,
  serviceOfferingId: id(4),
};
/** Old outputs as the provider recorded them. */
const outs = { ...good, filesystem: "XFS", region: id(9), state: "Ready" };

describe("FileSystem check", () => {
  it("accepts a file system; the format any case, written as the platform does", () => {
    expect(check(good).failures).toEqual([]);
    expect(check({ ...good, filesystem: "ext4" }).inputs.filesystem).toBe("EXT4");
  });

  it("names the field and the rule: the format, a whole size of 1–16384 GB, ids not names", () => {
    expect(reasonOf({ ...good, filesystem: "NTFS" }, "filesystem")).toMatch(
      /"XFS" \(the default\) or "EXT4"/,
    );
    expect(reasonOf({ ...good, size: 0 }, "size")).toMatch(/at least 1 GB/);
    expect(reasonOf({ ...good, size: 2.5 }, "size")).toMatch(/whole number of GB/);
    expect(reasonOf({ ...good, size: 20_000 }, "size")).toMatch(/at most 16384 GB/);
    expect(reasonOf({ ...good, networkId: "backend" }, "networkId")).toMatch(/must be an id/);
    expect(reasonOf({ ...good, networkId: undefined }, "networkId")).not.toBe("");
  });

  it("never shrinks: check against the old inputs; diff never throws for a live size above the inputs; growing is in place", () => {
    expect(reasonOf({ ...good, size: 5 }, "size", good)).toMatch(
      /size cannot shrink \(10 GB → 5 GB\): shared file systems only grow/,
    );
    // a live size above the inputs is a change the update refuses, never a diff that throws: refresh calls diff
    // with the refreshed outputs as the old state and the old inputs as the new ones
    expect(diffKind(fs, outs, { ...good, size: 5 })).toMatchObject({ changes: true, replaces: [] });
    expect(diffKind(fs, outs, { ...good, size: 20 })).toMatchObject({ changes: true, replaces: [] });
    expect(check({ ...good, size: UNKNOWN }, good).failures).toEqual([]);
    // replaced anyway (another network, a zone not known yet): a new file system has no old size to shrink from
    expect(check({ ...good, size: 5, networkId: id(7), name: "assets-2" }, good).failures).toEqual([]);
    expect(check({ ...good, size: 5, zoneId: UNKNOWN }, good).failures).toEqual([]);
  });

  it("in place: name, description, disk and compute offerings; replaced: zone, network, format", () => {
    for (const k of ["name", "description", "diskOfferingId", "serviceOfferingId"]) {
      const d = diffKind(fs, outs, { ...good, [k]: k.endsWith("Id") ? id(7) : "other" });
      expect(d, k).toMatchObject({ changes: true, replaces: [] });
    }
    for (const [k, v] of [
      ["zoneId", id(7)],
      ["networkId", id(7)],
      ["filesystem", "EXT4"],
    ] as const)
      expect(diffKind(fs, outs, { ...good, [k]: v }).replaces, k).toEqual([k]);
    // left out, the format is the default: no change against a recorded XFS
    expect(diffKind(fs, outs, good).changes).toBe(false);
    // names are unique: a replacement keeping the name deletes first, and says why (the preview's warning)
    expect(diffKind(fs, outs, { ...good, networkId: id(7) })).toMatchObject({
      deleteBeforeReplace: true,
      deletesFirstWhy: "the new one keeps its name, which two cannot share",
    });
    expect(diffKind(fs, outs, { ...good, networkId: id(7), name: UNKNOWN }).deletesFirstWhy).toBe(
      "the new one may keep (not known yet) its name, which two cannot share",
    );
    expect(diffKind(fs, outs, { ...good, networkId: id(7), name: "assets-2" }).deleteBeforeReplace).toBe(
      false,
    );
  });

  it("never shrinks through its disk offering: the size the old inputs asked for (given, or a fixed offering's) against the new", () => {
    const small = { name: "Small 20 GB", diskSizeGb: 20, customized: false };
    const medium = { name: "Medium 50 GB", diskSizeGb: 50, customized: false };
    const custom = { name: "Custom", customized: true };
    const { size: _, ...fixed } = good;
    const judged = (i: Rec, rows: Rec, olds: Rec, oldRows: Rec) =>
      fs.lookups!(i as never, rows as never, { inputs: olds, rows: oldRows as never });
    // a smaller fixed offering: diskOfferingId is named, with the fixed offering and the sizes
    expect(judged(fixed, { diskOfferingId: small }, fixed, { diskOfferingId: medium })).toEqual([
      {
        property: "diskOfferingId",
        reason: expect.stringMatching(
          new RegExp(
            `^diskOfferingId ${id(3)} \\(Small 20 GB, a fixed 20 GB\\) would shrink the file system \\(50 GB → 20 GB\\)`,
          ),
        ),
      },
    ]);
    // from a customized size to a smaller fixed offering, and from a fixed offering to a smaller size
    expect(
      judged(fixed, { diskOfferingId: small }, { ...good, size: 30 }, { diskOfferingId: custom })[0],
    ).toMatchObject({
      property: "diskOfferingId",
      reason: expect.stringMatching(/\(30 GB → 20 GB\)/),
    });
    expect(judged(good, { diskOfferingId: custom }, fixed, { diskOfferingId: small })[0]).toMatchObject({
      property: "size",
      reason: expect.stringMatching(/^size cannot shrink \(20 GB → 10 GB\)/),
    });
    // growing, the same size, a size not known (the old offering not found, a new resource): nothing to judge
    expect(judged(fixed, { diskOfferingId: medium }, fixed, { diskOfferingId: small })).toEqual([]);
    expect(judged(fixed, { diskOfferingId: small }, fixed, { diskOfferingId: small })).toEqual([]);
    expect(judged(fixed, { diskOfferingId: small }, fixed, {})).toEqual([]);
    expect(fs.lookups!(fixed as never, { diskOfferingId: small } as never)).toEqual([]);
    // replaced anyway (another network): the new file system's size is its own
    const moved = { inputs: fixed, rows: { diskOfferingId: medium } as never, replaced: true };
    expect(
      fs.lookups!({ ...fixed, networkId: id(7) } as never, { diskOfferingId: small } as never, moved),
    ).toEqual([]);
  });

  it("the offering rules on the catalogue rows: a fixed disk offering takes no size, the VM needs 2 vCPUs and 1024 MB", () => {
    const fixed = { name: "Small 20 GB", diskSizeGb: 20, customized: false };
    const custom = { name: "Custom", customized: true };
    const small = { name: "Small", cpuNumber: 1, memory: 512 };
    const medium = { name: "Medium", cpuNumber: 2, memory: 4096 };
    const lookups = (i: Rec, rows: Rec) => fs.lookups!(i as never, rows as never);
    expect(lookups(good, { diskOfferingId: custom, serviceOfferingId: medium })).toEqual([]);
    expect(lookups(good, { diskOfferingId: fixed })[0]).toMatchObject({
      property: "size",
      reason: expect.stringMatching(/size does not apply to disk offering Small 20 GB, a fixed 20 GB/),
    });
    expect(lookups({ ...good, size: undefined }, { diskOfferingId: fixed })).toEqual([]);
    expect(lookups({ ...good, size: undefined }, { diskOfferingId: custom })[0].reason).toMatch(
      /size is required: disk offering Custom is customized/,
    );
    expect(lookups(good, { serviceOfferingId: small })[0]).toMatchObject({
      property: "serviceOfferingId",
      reason: expect.stringMatching(/Small: 1 vCPUs, 512 MB\) is too small for the file-system VM/),
    });
  });
});
