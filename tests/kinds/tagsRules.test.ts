// Resources of one program that would manage the same tag of one record, refused at preview instead of fighting
// after it (each up or refresh putting its own value back, a delete removing the other's key): two cim.Tags sharing
// a key on one resource, and a cim.Tags on a resource whose own `tags` input is authoritative (lifecycle/
// tagClaims.ts). Checks and diffs are called in-process as the engine calls them, on the plugin (the request names
// its resource: aboutResource) and on the dynamic path (it does not); a key set outside the program is taken over,
// never refused. Shared setup: ./world.ts.
import { describe, expect, it } from "vitest";
import { aboutResource } from "../../provider/lifecycle/engineLog";
import { UNKNOWN } from "../../provider/lifecycle/values";
import { instanceInputs } from "./parts";
import { call, cat, change, make, newProcess, p, type Rec, useEmulator } from "./world";

useEmulator();

/** Runs `fn` as the plugin does for the resource `name` of `kind` (its requests carry the URN). */
const about = <T>(kind: string, name: string, fn: () => Promise<T>) =>
  aboutResource(`urn:pulumi:dev::app::cim:index:${kind}::${name}`, fn);

const failures = async (kind: "Tags" | "Instance", olds: Rec, news: Rec) =>
  (await p(kind).check!(olds, news)).failures ?? [];

const onTemplate = (tags: Rec) => ({ resourceType: "Template", resourceId: cat.template, tags });
const onInstance = (id: string, tags: Rec, resourceType = "Instance") => ({
  resourceType,
  resourceId: id,
  tags,
});

/** What an authoritative `tags` does, as every refusal of a cim.Tags on such a resource says it. */
const AUTHORITATIVE =
  "`tags` input is authoritative (it removes every key it does not list when it next changes, or after a refresh)";

/** The instance's check and diff, as preview runs them for a resource the stack holds; the diff's outcome. */
async function previewed(vm: { id: string; outs?: Rec }, inputs: Rec) {
  const checked = await p("Instance").check!(vm.outs, inputs);
  expect(checked.failures ?? []).toEqual([]);
  return p("Instance").diff!(vm.id, vm.outs, checked.inputs);
}

describe("two cim.Tags managing one key of one resource", () => {
  it("the second is refused at check, naming the key and the first by its name in the program (plugin)", async () => {
    expect(
      await about("Tags", "team", () => failures("Tags", {}, onTemplate({ env: "prod", team: "web" }))),
    ).toEqual([]);
    // keys compare as the API deletes tags: case-insensitively
    const second = onTemplate({ ENV: "test", owner: "ops" });
    expect(await about("Tags", "stage", () => failures("Tags", {}, second))).toEqual([
      {
        property: "tags",
        reason: `tags {"ENV":"test","owner":"ops"}: cim.Tags "team" of this program claims the key "ENV" of resource ${cat.template} too, and two resources managing one key undo each other (each up or refresh puts its own value back, and deleting either removes the key). Merge the two into one cim.Tags, or drop "ENV" from one of them`,
      },
    ]);
    // other keys of the resource, and the same key of another resource, are no clash
    expect(await about("Tags", "cost", () => failures("Tags", {}, onTemplate({ cost: "1" })))).toEqual([]);
    const elsewhere = { resourceType: "Template", resourceId: cat.template2, tags: { env: "prod" } };
    expect(await about("Tags", "other", () => failures("Tags", {}, elsewhere))).toEqual([]);
  });

  it("on the dynamic path, whose checks do not name their resource, the other is named by its kind", async () => {
    const first = onTemplate({ env: "prod" });
    expect(await failures("Tags", {}, first)).toEqual([]);
    // the same inputs checked again (a replacement's second check) are the same resource
    expect(await failures("Tags", {}, first)).toEqual([]);
    const refused = await failures("Tags", {}, onTemplate({ env: "test", team: "web" }));
    expect(refused.map((f) => f.reason)).toEqual([
      `tags {"env":"test","team":"web"}: another cim.Tags of this program claims the key "env" of resource ${cat.template} too, and two resources managing one key undo each other (each up or refresh puts its own value back, and deleting either removes the key). Merge the two into one cim.Tags, or drop "env" from one of them`,
    ]);
  });

  it("a stack that already holds both (made before this check) is refused at its next preview", async () => {
    const first = await make("Tags", onTemplate({ stage: "one" }));
    newProcess(); // another up, which did not know the first: the second takes the key over
    const secondInputs = (await p("Tags").check!({}, onTemplate({ stage: "two" }))).inputs;
    const second = await p("Tags").create(secondInputs);
    expect((await p("Tags").read!(first.id, first.outs)).props?.tags).toEqual({ stage: "two" });
    newProcess(); // the next preview: each checked with its old inputs, unchanged
    expect(await failures("Tags", first.outs, onTemplate({ stage: "one" }))).toEqual([]);
    const refused = await failures("Tags", second.outs, onTemplate({ stage: "two" }));
    expect(refused.map((f) => f.reason)).toEqual([
      expect.stringMatching(
        /^tags \{"stage":"two"\}: another cim\.Tags of this program claims the key "stage"/,
      ),
    ]);
    await p("Tags").delete!(second.id, second.outs);
    await p("Tags").delete!(first.id, first.outs);
  });

  it("a key put on the resource outside the program is taken over, not refused", async () => {
    await call("POST", "/tags", {
      resourceType: "Template",
      resourceId: cat.template,
      tags: { owner: "manual" },
    });
    const taken = await make("Tags", onTemplate({ owner: "platform" }));
    expect(taken.outs.tags).toEqual({ owner: "platform" });
    const live = await call("GET", `/tags?resourceType=Template&resourceId=${cat.template}`);
    expect(live.filter((t: Rec) => t.key === "owner").map((t: Rec) => t.value)).toEqual(["platform"]);
    await p("Tags").delete!(taken.id, taken.outs);
  });
});

describe("a cim.Tags on a resource of the program whose own `tags` input is authoritative", () => {
  it("the two undo each other, whatever keys each names (why any key is refused)", async () => {
    const inputs = { ...instanceInputs(), tags: { role: "web" } };
    const vm = await make("Instance", inputs);
    newProcess(); // a program that made the cim.Tags on its own
    const owner = await make("Tags", onInstance(vm.id, { owner: "team-a" }));
    // a refresh of the instance reads the key, and its next up removes it: the cim.Tags finds its key gone
    const read = await p("Instance").read!(vm.id, vm.outs);
    expect(read.props?.tags).toEqual({ role: "web", owner: "team-a" });
    newProcess();
    const up = await change("Instance", vm.id, read.props as Rec, inputs);
    expect(up.diff).toMatchObject({ changes: true, replaces: [] });
    expect((await up.run()).outs.tags).toEqual({ role: "web" });
    expect((await p("Tags").read!(owner.id, owner.outs)).props?.tags).toEqual({});
    await p("Tags").delete!(owner.id, owner.outs);
    await p("Instance").delete!(vm.id, vm.outs);
  });

  it("the way out the refusal gives, in one up: the key moved to the resource's tags and the cim.Tags removed, stays", async () => {
    const inputs = { ...instanceInputs(), tags: { role: "web" } };
    const vm = await make("Instance", inputs);
    newProcess();
    const owner = await make("Tags", onInstance(vm.id, { owner: "team-a" }));
    // the next up: the instance lists the key (its diff comes first, its update finds the key in place), and the
    // cim.Tags, gone from the program, is deleted last
    newProcess();
    const moved = await change("Instance", vm.id, vm.outs, {
      ...inputs,
      tags: { role: "web", owner: "team-a" },
    });
    expect(moved.diff).toMatchObject({ changes: true, replaces: [] });
    await moved.run();
    await p("Tags").delete!(owner.id, owner.outs);
    expect((await p("Instance").read!(vm.id, vm.outs)).props?.tags).toEqual({ role: "web", owner: "team-a" });
    // removed alone (the instance's tags do not list it): the key goes with the cim.Tags
    newProcess();
    const again = await make("Tags", onInstance(vm.id, { audit: "yes" }));
    newProcess();
    await p("Tags").delete!(again.id, again.outs);
    expect((await p("Instance").read!(vm.id, vm.outs)).props?.tags).toEqual({ role: "web", owner: "team-a" });
    await p("Instance").delete!(vm.id, vm.outs);
  });

  it("a cim.Tags renamed (the new one made, the old one deleted last) leaves the keys the new one manages", async () => {
    const old = await make("Tags", onTemplate({ approved: "2026-11", scan: "clean" }));
    newProcess();
    await about("Tags", "approval", () => make("Tags", onTemplate({ approved: "2026-12" })));
    await p("Tags").delete!(old.id, old.outs);
    const now = (await p("Tags").read!(old.id, { ...old.outs, tags: { approved: "", scan: "" } })).props
      ?.tags;
    expect(now).toEqual({ approved: "2026-12" });
    newProcess();
    await p("Tags").delete!(old.id, { ...old.outs, tags: { approved: "2026-12" } });
  });

  it("preview: the instance's diff comes first (the cim.Tags takes its id), and the cim.Tags is refused naming it", async () => {
    const inputs = instanceInputs();
    const vm = await make("Instance", inputs);
    newProcess();
    expect(await about("Instance", "web", () => previewed(vm, inputs))).toMatchObject({ changes: false });
    const tags = onInstance(vm.id, { owner: "team-a" });
    expect(await about("Tags", "owner", () => failures("Tags", {}, tags))).toEqual([
      {
        property: "tags",
        reason: `tags {"owner":"team-a"}: cim.Instance "web" of this program claims every key of resource ${vm.id}: that resource's own ${AUTHORITATIVE}, so it and this cim.Tags undo each other. Put the key "owner" in that resource's \`tags\` input instead, and remove this cim.Tags`,
      },
    ]);
    // on the dynamic path, named by its kind and the name it gives the API; any resource type naming the record
    newProcess();
    await previewed(vm, inputs);
    const asUserVm = await failures("Tags", {}, onInstance(vm.id, { owner: "team-a" }, "UserVm"));
    expect(asUserVm.map((f) => f.reason)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^tags \\{"owner":"team-a"\\}: a cim\\.Instance \\(name "${inputs.name}"\\) of this program claims every key of resource ${vm.id}: `,
        ),
      ),
    ]);
    await p("Instance").delete!(vm.id, vm.outs);
  });

  it("preview: a cim.Tags checked before the instance's diff (its id written out) makes the instance's diff refuse, naming it", async () => {
    const inputs = instanceInputs();
    const vm = await make("Instance", inputs);
    newProcess();
    expect(
      await about("Tags", "owner", () => failures("Tags", {}, onInstance(vm.id, { owner: "team-a" }))),
    ).toEqual([]);
    await expect(about("Instance", "web", () => previewed(vm, inputs))).rejects.toThrow(
      `cim:Instance "${inputs.name}" (id ${vm.id}): tags {"env":"test"}: cim.Tags "owner" of this program claims the key "owner" of this resource's record (${vm.id}) too, while this resource's ${AUTHORITATIVE}, so each undoes the other. Put those keys in this resource's \`tags\` input instead, and remove that cim.Tags`,
    );
    await p("Instance").delete!(vm.id, vm.outs);
  });

  it("made in the same up: unknown at preview, then the cim.Tags is refused once the instance is made, before it changes anything", async () => {
    // at preview the new instance has no id: nothing to compare
    expect(await failures("Tags", {}, onInstance(UNKNOWN, { owner: "team-a" }))).toEqual([]);
    // at up the instance is made first (the cim.Tags takes its id), and the cim.Tags' check then knows it
    const inputs = instanceInputs();
    const vm = await make("Instance", inputs);
    const refused = await failures("Tags", {}, onInstance(vm.id, { owner: "team-a" }));
    expect(refused.map((f) => f.reason)).toEqual([
      expect.stringMatching(
        new RegExp(`^tags \\{"owner":"team-a"\\}: a cim\\.Instance \\(name "${inputs.name}"\\)`),
      ),
    ]);
    const live = await call("GET", `/compute/instances/${vm.id}/tags`);
    expect(live.map((t: Rec) => t.key)).toEqual(["env"]);
    await p("Instance").delete!(vm.id, vm.outs);
  });

  it("a resource this run has not diffed nor made (not of this program, as far as it can tell) is not refused", async () => {
    const vm = await make("Instance", instanceInputs());
    newProcess();
    const owner = await make("Tags", onInstance(vm.id, { owner: "team-a" }));
    await p("Tags").delete!(owner.id, owner.outs);
    await p("Instance").delete!(vm.id, vm.outs);
  });
});
