// Messages name a region "de-fra-1 (<id>)". A token that expires mid-run makes the list of regions unreadable:
// the name learnt before (the default region's list a create reads) still names it, and a failed read is not
// remembered, so a later message names the region once the API answers again.
import { expect, test } from "vitest";
import { regionLabel } from "../../provider/lifecycle/errors";
import { defaultRegion, type Session } from "../../provider/lifecycle/session";

const REGIONS = [
  { id: "4b7718ab-60c2-5f8e-adc5-2993c68bd23f", name: "de-fra-1", primary: true, active: true },
  { id: "9c0e5a77-1b1e-5d0f-9a51-3c2f1e7a0b11", name: "nl-ams-1", primary: false, active: true },
];

/** A session whose list of regions answers `regions`, or fails as an expired token does. */
const session = (regions: () => Promise<typeof REGIONS>): Session =>
  ({
    kind: "Volume",
    client: { catalogue: { regions } },
    timeouts: { create: 1, update: 1, delete: 1 },
  }) as never;
const expired = () => Promise.reject(new Error("The API token (CIM_TOKEN) expired"));

test("a region whose name a read failed to give is named once the API answers again", async () => {
  const [, ams] = REGIONS;
  expect(await regionLabel(session(expired), ams.id)).toBe(ams.id);
  expect(
    await regionLabel(
      session(async () => REGIONS),
      ams.id,
    ),
  ).toBe(`nl-ams-1 (${ams.id})`);
});

test("the default region's list, read while the token was valid, names the region after it expired", async () => {
  const [fra] = REGIONS;
  expect(await defaultRegion(session(async () => REGIONS))).toBe(fra.id);
  expect(await regionLabel(session(expired), fra.id)).toBe(`de-fra-1 (${fra.id})`);
});
