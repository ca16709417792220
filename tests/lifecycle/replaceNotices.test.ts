// What a replacement does that the diff's fields do not show, said at preview: a volume's replacement is a new
// disk, and what the old one holds goes with it.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { providerFor } from "../../provider";
import { captureWarnings } from "../../provider/lifecycle/engineLog";
import { resetLookups } from "../../provider/lifecycle/lookups";
import { UNKNOWN } from "../../provider/lifecycle/values";

const REGION = "11111111-2222-3333-4444-555555555555";
const volume = providerFor("Volume");
const olds = {
  region: REGION,
  name: "data",
  zoneId: "z-1",
  diskOfferingId: "d-1",
  size: 20,
  instanceId: "vm-1",
  state: "Ready",
  tags: {},
};

describe("a volume's replacement", () => {
  let warnings: string[] = [];
  beforeEach(() => {
    process.env.CIM_SKIP_LOOKUPS = "1";
    resetLookups();
    warnings = [];
    captureWarnings((m) => warnings.push(m));
  });
  afterEach(() => {
    captureWarnings();
    delete process.env.CIM_SKIP_LOOKUPS;
  });
  const { state: _, ...inputs } = olds;

  it("says the new volume is empty and the old one's data goes, naming the field and the way to keep it", async () => {
    const d = await volume.diff!("vol-1", olds, { ...inputs, name: "data-renamed" });
    expect(d.replaces).toEqual(["name"]);
    expect(warnings).toEqual([
      'cim:Volume "data" (id vol-1): name cannot change in place, so this up makes a new volume (empty) and deletes this one with what it holds. If it holds data you need, take a cim.VolumeSnapshot of it first and make the new one from it (snapshotId), or keep this one by undoing the change',
    ]);
  });

  it("names the snapshot a new one is made from, and says nothing of a change in place", async () => {
    await volume.diff!("vol-1", olds, { ...inputs, snapshotId: "snap-1" });
    await volume.diff!("vol-1", olds, { ...inputs, snapshotId: UNKNOWN });
    await volume.diff!("vol-1", olds, { ...inputs, size: 30, tags: { team: "data" } });
    // a failed volume is replaced for its state alone: nothing on it to keep
    const failed = await volume.diff!("vol-1", { ...olds, state: "Error" }, inputs);
    expect(failed.replaces).toEqual(["state"]);
    expect(warnings.map((w) => /makes a new volume \(([^)]*)\)/.exec(w)?.[1])).toEqual([
      "from snapshot snap-1",
      "from its snapshot",
    ]);
  });
});
