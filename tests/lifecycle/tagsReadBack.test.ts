// A tag change is read back: the API answers 2xx for what it ignored (common rule 4: a misspelt key), so a tag
// delete or add answered 200 without being done is an unapplied field, not a change state records as made.
import { expect, it } from "vitest";
import { PartialStateError } from "../../provider/lifecycle/errors";
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

it("a create whose tags the API answered but did not add is kept as failed, with the tags it has", async () => {
  await ctl.fault({ method: "POST", route: "/volumes/*/tags", status: 200, times: 1 });
  const err = await make("Volume", volumeInputs()).catch((e) => e);
  expect(err).toBeInstanceOf(PartialStateError);
  expect(err.message).toMatch(/did not apply tags/);
  expect((err as PartialStateError).properties.tags ?? {}).toEqual({});
});
