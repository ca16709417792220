// A tag change that removes a tag is read back: the API answers 2xx for what it ignored (common rule 4), and the
// delete's body is the one the spec words apart, so a removal answered 200 without being done is an unapplied
// field, not a change state records as made. Tags only added are not read back (a create stays at 3 requests).
import { expect, it } from "vitest";
import { volumeInputs } from "../kinds/parts";
import { call, change, ctl, make, newProcess, type Rec, useEmulator } from "../kinds/world";

useEmulator();

/** The tag delete and add of volumes answered 200 without being done. */
async function tagsIgnored() {
  for (const method of ["DELETE", "POST"])
    await ctl.fault({ method, route: "/volumes/*/tags", status: 200, times: 1 });
}
const liveTags = async (id: string) =>
  Object.fromEntries(
    ((await call("GET", `/volumes/${id}/tags`)) as Rec[]).map((t) => [t.key, t.value] as const),
  );

it("an update whose tag change the API answered but did not do fails naming tags", async () => {
  const inputs = volumeInputs();
  const { id, outs } = await make("Volume", inputs);
  expect(await liveTags(id)).toEqual({ a: "1" });
  newProcess();
  await tagsIgnored();
  const upd = await change("Volume", id, outs, { ...inputs, tags: { a: "2" } });
  await expect(upd.run()).rejects.toThrow(/did not apply tags/);
  expect(await liveTags(id)).toEqual({ a: "1" });
});

it("a removal the API answered but did not do fails naming tags; tags only added are not read back", async () => {
  const inputs = volumeInputs();
  const { id, outs } = await make("Volume", inputs);
  newProcess();
  await ctl.fault({ method: "DELETE", route: "/volumes/*/tags", status: 200, times: 1 });
  const upd = await change("Volume", id, outs, { ...inputs, tags: {} });
  await expect(upd.run()).rejects.toThrow(/did not apply tags/);
  expect(await liveTags(id)).toEqual({ a: "1" });
  // an addition alone: its answer is taken, with no read of the tags after it
  newProcess();
  await ctl.resetRequests();
  const add = await change("Volume", id, outs, { ...inputs, tags: { a: "1", b: "2" } });
  await add.run();
  const asked = await ctl.requests();
  expect(asked["POST /api/v1/volumes/{id}/tags"]).toBe(1);
  expect(asked["GET /api/v1/volumes/{id}/tags"] ?? 0).toBe(0);
  expect(await liveTags(id)).toEqual({ a: "1", b: "2" });
});
