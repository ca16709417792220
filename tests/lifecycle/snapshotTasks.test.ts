// Found by the soak (tests/soak, seed 52 round 0): a program with two snapshots of one instance failed, because
// the engine takes both at once and the platform takes one snapshot task per instance at a time (409 "There is
// other active vm snapshot tasks on the instance, please try again later"). The refusal passes by itself: the
// provider sends the call again until the platform takes it, for takes and deletes of instance snapshots and
// for volume snapshots of the instance's disks.
import { expect, it } from "vitest";
import { providerFor } from "../../provider";
import { rows, useProviderEmulator } from "../fixtures/providerEmulator";

// each snapshot job runs 400 ms: long enough for the second call to meet the first task
const api = useProviderEmulator({ jobLatencyMs: 400, pollMs: 20 });

async function made(kind: string, inputs: Record<string, unknown>) {
  const provider = providerFor(kind);
  return provider.create!((await provider.check!({}, inputs)).inputs);
}

it("two snapshots of one instance, taken and deleted at once, both succeed", async () => {
  const { call, ctl } = api();
  const zoneId = rows(await call("GET", "/zones"))[0].id;
  const templateId = rows(await call("GET", "/templates"))[0].id;
  const serviceOfferingId = rows(await call("GET", "/offerings/compute"))[0].id;
  const diskOfferingId = rows(await call("GET", "/offerings/disk")).find((d) => d.customized).id;
  const vm = await made("Instance", { zoneId, templateId, serviceOfferingId });
  // attached first: the platform attaches no volume to an instance with snapshots
  const vol = await made("Volume", { name: "data", zoneId, diskOfferingId, size: 5, instanceId: vm.id });
  const snaps = await Promise.all(
    ["first", "second"].map((name) => made("InstanceSnapshot", { instanceId: vm.id, name })),
  );
  const held = Object.values((await ctl.state()).vmSnapshots ?? {}) as any[];
  expect(held.map((s) => [s.name, s.state]).sort()).toEqual([
    ["first", "Ready"],
    ["second", "Ready"],
  ]);

  // a volume snapshot of the instance's disk while an instance snapshot is being deleted, and both deletes at once
  const provider = providerFor("InstanceSnapshot");
  const deletes = snaps.map((s) => provider.delete!(s.id, s.outs));
  const volumeSnap = made("VolumeSnapshot", { volumeId: vol.id, name: "disk" });
  await Promise.all([...deletes, volumeSnap]);
  const after = await ctl.state();
  expect(Object.values(after.vmSnapshots ?? {}).filter((s: any) => s.state !== "Expunged")).toEqual([]);
  expect(Object.values(after.snapshots ?? {}).map((s: any) => s.name)).toEqual(["disk"]);
}, 60_000);
