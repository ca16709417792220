// The region a resource without one claims its values in, at preview: the API's default, which the spec says is
// "the primary region if one exists, otherwise the first active one". With no primary region, a resource that
// gives no region and one that names the first active region claim in one region, so one name is refused.
import { afterEach, expect, it } from "vitest";
import { instanceInputs } from "../kinds/parts";
import { call, ctl, emu, newProcess, p, type Rec, rows, useEmulator } from "../kinds/world";

useEmulator();

const primary = () => emu.regions.find((r) => r.primary)!;
afterEach(async () => {
  await ctl.region(primary().id, { primary: true });
});

it("with no primary region, a name claimed without a region and in the first active region is refused at preview", async () => {
  await ctl.region(primary().id, { primary: false });
  const regions = rows(await call("GET", "/regions")) as Rec[];
  expect(regions.some((r) => r.primary)).toBe(false);
  const firstActive = regions.find((r) => r.active !== false)!;
  newProcess();
  const named = instanceInputs();
  const explicit = await p("Instance").check!({}, { ...named, region: firstActive.id });
  expect(explicit.failures ?? []).toEqual([]);
  const unplaced = await p("Instance").check!({}, { ...instanceInputs(), name: named.name });
  expect(unplaced.failures).toEqual([
    expect.objectContaining({
      property: "name",
      reason: expect.stringMatching(
        new RegExp(`^name "${named.name}": another cim\\.Instance of this program claims the same`),
      ),
    }),
  ]);
});
