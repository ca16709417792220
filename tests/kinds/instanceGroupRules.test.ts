// The check and diff rules of cim.InstanceGroup and of cim.Instance's group, offline (no API): a group renamed in
// place and replaced with its region; an instance's group changed in place and kept when left out.
import { describe, expect, it } from "vitest";
import { kinds } from "../../provider/kinds";
import { checkKind, diffKind } from "../../provider/lifecycle/fields";

const id = (n: number) => `${n}e9f5061-7283-594a-9dce-f3a4b5c6d7e8`;

describe("InstanceGroup and an instance's group", () => {
  const group = kinds.InstanceGroup;
  it("a group's name changes in place, its region replaces; an empty name is refused", () => {
    const olds = { name: "web", region: id(9) };
    expect(diffKind(group, olds, { name: "app" })).toMatchObject({ changes: true, replaces: [] });
    expect(diffKind(group, olds, { name: "web", region: id(8) }).replaces).toEqual(["region"]);
    expect(checkKind(group, {}, { name: " " }).failures[0]).toMatchObject({
      property: "name",
      reason: expect.stringMatching(/must not be empty/),
    });
  });

  it("an instance's group changes in place; left out, the group it is in stays (no change)", () => {
    const vm = kinds.Instance;
    const inputs = { zoneId: id(1), serviceOfferingId: id(4), templateId: id(5), name: "web-1" };
    const olds = { ...inputs, group: "web", powerState: "running", region: id(9) };
    expect(diffKind(vm, olds, { ...inputs, group: "app" })).toMatchObject({ changes: true, replaces: [] });
    expect(diffKind(vm, olds, inputs).changes).toBe(false);
    expect(diffKind(vm, { ...inputs, powerState: "running" }, { ...inputs, group: "web" }).changes).toBe(
      true,
    );
    expect(checkKind(vm, {}, { ...inputs, group: "" }).failures.map((f) => f.property)).toEqual(["group"]);
  });
});
