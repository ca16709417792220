// While an instance has snapshots the platform attaches, detaches and resizes none of its volumes and does not scale
// it (CloudStack's VolumeApiServiceImpl and UserVmManagerImpl; emulator/README.md). Preview refuses each such change
// on the region's instance snapshots, and a destroy that deletes a volume and the instance's snapshots at once waits
// for the snapshots to go instead of failing the volume's detach.
import { beforeEach, describe, expect, it } from "vitest";
import { providerFor } from "../../provider";
import { resetLookups } from "../../provider/lifecycle/lookups";
import { rows, useProviderEmulator } from "../fixtures/providerEmulator";

const api = useProviderEmulator({ jobLatencyMs: 200, pollMs: 20 });
beforeEach(() => resetLookups());

type Rec = Record<string, any>;
const made = async (kind: string, inputs: Rec) => {
  const p = providerFor(kind);
  const checked = await p.check!({}, inputs);
  expect(checked.failures ?? []).toEqual([]);
  return p.create!(checked.inputs);
};
const reasons = async (kind: string, olds: Rec, news: Rec) =>
  ((await providerFor(kind).check!(olds, news)).failures ?? []).map((f) => `${f.property}: ${f.reason}`);

async function world() {
  const { call } = api();
  const zoneId = rows(await call("GET", "/zones"))[0].id;
  const templateId = rows(await call("GET", "/templates"))[0].id;
  const offerings = rows(await call("GET", "/offerings/compute"));
  const diskOfferingId = rows(await call("GET", "/offerings/disk")).find((d) => d.customized).id;
  const vmInputs = { zoneId, templateId, serviceOfferingId: offerings[0].id };
  const vm = await made("Instance", vmInputs);
  const disk = (name: string, instanceId?: string) => ({ name, zoneId, diskOfferingId, size: 5, instanceId });
  const attached = await made("Volume", disk("attached", vm.id));
  const snapshot = await made("InstanceSnapshot", { instanceId: vm.id, name: "nightly" });
  // the checks that follow run as a new provider process's: no list read before the snapshot was taken
  resetLookups();
  return { vm, vmInputs, disk, attached, snapshot, bigger: offerings[1].id };
}

const HELD = /instance \S+ has instance snapshots \(nightly \(\S+\)\), and the platform /;

describe("an instance with snapshots", () => {
  it("preview refuses an attach, a detach, a resize of its volumes and a new offering for it; without the snapshots each is taken", async () => {
    const { vm, vmInputs, disk, attached, snapshot, bigger } = await world();
    const attach = await reasons("Volume", {}, disk("more", vm.id));
    expect(attach).toEqual([
      expect.stringMatching(
        new RegExp(
          `^instanceId: instanceId ${vm.id}: ${HELD.source}attaches no volume to an instance with snapshots \\(the API refuses the attach: "Unable to attach volume, please specify a VM that does not have VM snapshots"\\)\\. Delete those snapshots first, in an up of its own .*, or attach the volume to another instance$`,
        ),
      ),
    ]);
    // the API's own refusal of the same create, after making the volume
    const p = providerFor("Volume");
    await expect(p.create!((await p.check!({}, disk("more", vm.id))).inputs)).rejects.toThrow(
      "Unable to attach volume, please specify a VM that does not have VM snapshots",
    );
    const olds = attached.outs as Rec;
    expect(await reasons("Volume", olds, { ...disk("attached"), instanceId: undefined })).toEqual([
      expect.stringMatching(
        new RegExp(
          `^instanceId: instanceId: this change detaches the volume: ${HELD.source}detaches no volume`,
        ),
      ),
    ]);
    expect(await reasons("Volume", olds, { ...disk("attached", vm.id), size: 8 })).toEqual([
      expect.stringMatching(
        new RegExp(`^size: size: this change resizes an attached volume: ${HELD.source}resizes no volume`),
      ),
    ]);
    // unchanged, it is not judged
    expect(await reasons("Volume", olds, disk("attached", vm.id))).toEqual([]);
    // a new offering is judged at diff, on the old outputs (check does not know the instance's id)
    const instance = providerFor("Instance");
    const scaled = { ...vmInputs, serviceOfferingId: bigger };
    const checked = await instance.check!(vm.outs, scaled);
    expect(checked.failures ?? []).toEqual([]);
    await expect(instance.diff!(vm.id, vm.outs, checked.inputs)).rejects.toThrow(
      new RegExp(
        `serviceOfferingId ${bigger}: ${HELD.source}scales no instance with snapshots \\(the API refuses it`,
      ),
    );

    // the snapshot deleted: each change is judged again and taken
    await providerFor("InstanceSnapshot").delete!(snapshot.id, snapshot.outs);
    resetLookups();
    expect(await reasons("Volume", {}, disk("more", vm.id))).toEqual([]);
    expect(await reasons("Volume", olds, { ...disk("attached", vm.id), size: 8 })).toEqual([]);
    expect((await instance.diff!(vm.id, vm.outs, checked.inputs)).changes).toBe(true);
  }, 60_000);

  it("a destroy deletes a volume and the instance's snapshot at once: the volume's detach waits for the snapshot to go", async () => {
    const { attached, snapshot } = await world();
    await Promise.all([
      providerFor("Volume").delete!(attached.id, attached.outs),
      providerFor("InstanceSnapshot").delete!(snapshot.id, snapshot.outs),
    ]);
    const { ctl } = api();
    const state = await ctl.state();
    expect(Object.keys(state.volumes ?? {})).not.toContain(attached.id);
  }, 60_000);

  it("a volume's delete on an instance whose snapshots nothing deletes fails, saying what to do", async () => {
    const { attached } = await world();
    await expect(providerFor("Volume").delete!(attached.id, attached.outs)).rejects.toThrow(
      /delete failed: the platform refuses it: Unable to detach volume, please specify a VM that does not have VM snapshots\. The platform detaches no volume from an instance with snapshots, .*Delete the instance's snapshots first/,
    );
  }, 60_000);
});
