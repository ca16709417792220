// Claims of exclusive values between the resources of one deployment (lifecycle/programClaims.ts), in-process: a
// claim is compared with the claims that share a key with its value (ExclusiveClaim.buckets), never with every
// claim the deployment made before it, so a stack of thousands of resources checks each in constant time; what is
// refused, and whom the refusal names, stays as it was.
import { beforeEach, describe, expect, it } from "vitest";
import { kinds } from "../../provider/kinds";
import type { ExclusiveClaim } from "../../provider/lifecycle/fieldSpec";
import type { Kind } from "../../provider/lifecycle/kindSpec";
import { resetLookups } from "../../provider/lifecycle/lookups";
import { claimedOfRecord, claimedTwice } from "../../provider/lifecycle/programClaims";
import { recordTags } from "../../provider/lifecycle/tagClaims";

const REGION = "r-1";
const kind = kinds.Instance as unknown as Kind;

/** A rule whose values clash by `group` (and counts how often it is asked), with or without its buckets. */
function groupRule(withBuckets: boolean) {
  const asked = { n: 0 };
  const rule: ExclusiveClaim<{ group: string; n: number }> = {
    property: "group",
    needs: [],
    claimed: (i) => i.group as never,
    clash: (a, b) => {
      asked.n++;
      return a.group === b.group;
    },
    ...(withBuckets ? { buckets: (v: { group: string }) => [v.group] } : {}),
  };
  return { rule, asked };
}

/** Resource `id` of the program claims `value` by `rule` in a check (new, not kept). */
const claim = (rule: ExclusiveClaim, id: string, value: unknown) =>
  claimedTwice(kind, REGION, rule, { name: id }, value, false, [id], undefined, 1);

beforeEach(() => resetLookups());

describe("claims of one deployment", () => {
  it("compares a claim only with those sharing a key with it, and still finds the clash", () => {
    const { rule, asked } = groupRule(true);
    for (let i = 0; i < 2000; i++) expect(claim(rule, `vm-${i}`, { group: `g-${i}`, n: i })).toBeUndefined();
    asked.n = 0;
    expect(claim(rule, "late", { group: "g-unique", n: -1 })).toBeUndefined();
    expect(asked.n).toBe(0);
    const refused = claim(rule, "copy", { group: "g-1500", n: -2 });
    expect(refused?.property).toBe("group");
    expect(refused?.reason).toContain('(name "vm-1500")');
    expect(asked.n).toBe(1);
  });

  it("a rule with `clash` and no buckets compares with every claim (and finds the same)", () => {
    const { rule, asked } = groupRule(false);
    for (let i = 0; i < 50; i++) claim(rule, `vm-${i}`, { group: `g-${i}`, n: i });
    asked.n = 0;
    expect(claim(rule, "copy", { group: "g-7", n: -1 })?.reason).toContain('(name "vm-7")');
    expect(asked.n).toBe(50);
  });

  it("names the earliest claimant when several hold the value", () => {
    const { rule } = groupRule(true);
    claim(rule, "first", { group: "g", n: 1 });
    claim(rule, "other", { group: "h", n: 2 });
    // "second" clashes with "first" (refused), then "first" re-claims: it keeps its place, the earliest
    claim(rule, "second", { group: "g", n: 3 });
    claim(rule, "first", { group: "g", n: 4 });
    expect(claim(rule, "third", { group: "g", n: 5 })?.reason).toContain('(name "first")');
  });

  it("a resource that claims another value leaves the one it claimed before", () => {
    const { rule } = groupRule(true);
    claim(rule, "a", { group: "g", n: 1 });
    claim(rule, "a", { group: "h", n: 2 });
    expect(claim(rule, "b", { group: "g", n: 3 })).toBeUndefined();
    expect(claim(rule, "c", { group: "h", n: 4 })?.reason).toContain('(name "a")');
  });

  it("equal values meet without `clash` or buckets: the name rule", () => {
    const byName = kind.exclusive?.find((x) => x.property === "name");
    expect(byName).toBeDefined();
    const name = byName as ExclusiveClaim;
    for (let i = 0; i < 300; i++) expect(claim(name, `u-${i}`, `host-${i}`)).toBeUndefined();
    // a name is the value itself: the other resource is named by its URN on the plugin, here by its kind
    expect(claim(name, "dup", "host-42")?.reason).toContain(
      "another cim.Instance of this program claims the same",
    );
    expect(claim(name, "new", "host-300")).toBeUndefined();
  });

  it("fixed addresses meet by network and address, whichever entry of the list", () => {
    const fixed = kind.exclusive?.find((x) => x.property === "ipToNetworkList") as ExclusiveClaim;
    expect(fixed.buckets).toBeDefined();
    const at = (net: string, ip: string) => ({ networkId: net, ipAddress: ip });
    claim(fixed, "a", [at("n1", "10.0.0.5"), at("n2", "10.1.0.5")]);
    expect(claim(fixed, "b", [at("n1", "10.0.0.6"), at("n2", "10.1.0.6")])).toBeUndefined();
    expect(claim(fixed, "c", [at("n3", "10.2.0.5"), at("n2", "10.1.0.5")])?.reason).toContain('(name "a")');
  });

  it("tag claims meet by record: a record's own tags against a cim.Tags of one of its keys", () => {
    const own = recordTags;
    const managed = (kinds.Tags as unknown as Kind).exclusive?.find((x) => x.property === "tags");
    expect(own?.buckets && managed?.buckets).toBeTruthy();
    // the two rules share one pool: they meet under the same keys
    expect(own.buckets).toBe(managed?.buckets);
    for (let i = 0; i < 100; i++)
      expect(claimedOfRecord(kind, [own as ExclusiveClaim], `rec-${i}`, { tags: {} }, REGION)).toEqual([]);
    const tagsKind = kinds.Tags as unknown as Kind;
    const keys = (managed as ExclusiveClaim).claimed({ resourceId: "REC-7", tags: { env: "x" } });
    const refused = claimedTwice(
      tagsKind,
      REGION,
      managed as ExclusiveClaim,
      {},
      keys,
      false,
      ["t"],
      undefined,
      2,
    );
    expect(refused?.reason).toContain("rec-7");
    const other = (managed as ExclusiveClaim).claimed({ resourceId: "rec-700", tags: { env: "x" } });
    expect(
      claimedTwice(tagsKind, REGION, managed as ExclusiveClaim, {}, other, false, ["u"], undefined, 3),
    ).toBe(undefined);
  });
});

describe("every rule with a clash of its own says where its values meet", () => {
  it("each kind's exclusive rules with `clash`, and a record's own tags, have buckets", () => {
    expect(recordTags.buckets).toBeDefined();
    const scanning = Object.values(kinds).flatMap((k) =>
      ((k as unknown as Kind).exclusive ?? [])
        .filter((x) => x.clash && !x.buckets)
        .map((x) => `${(k as unknown as Kind).name}.${x.property}`),
    );
    expect(scanning).toEqual([]);
  });
});
