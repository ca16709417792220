// What a refresh gives the engine as inputs (lifecycle/readInputs.ts) and how the provider's diff applies the
// program's replaceOnChanges (lifecycle/diff.ts: optionReplaces). Pure: no emulator.
import { describe, expect, it } from "vitest";
import { kinds } from "../../provider/kinds";
import { REPLACE_ON_CHANGES } from "../../provider/kinds/define";
import { optionReplaces } from "../../provider/lifecycle/diff";
import { afterRead, GIVEN, inputsFrom, withGiven } from "../../provider/lifecycle/readInputs";

const Instance = kinds.Instance;
/** An instance's whole outputs as the provider returns them (region, name, root disk size filled in by the API). */
const outputs = {
  region: "r-1",
  zoneId: "z-1",
  templateId: "t-1",
  serviceOfferingId: "o-1",
  name: "vm-1a2b3c4d5e6f",
  rootDiskSize: 10,
  displayName: "web",
  tags: { env: "demo" },
  powerState: "running",
  imageType: "template",
  haEnabled: false,
  state: "Running",
  ipAddress: "10.0.0.2",
};

describe("inputs from a refresh", () => {
  it("hold the fields the program gives and leave out those the API filled in", () => {
    const program = {
      zoneId: "z-1",
      templateId: "t-1",
      serviceOfferingId: "o-1",
      displayName: "web",
      tags: { env: "demo" },
    };
    const stored = withGiven(Instance, outputs, program);
    expect(String(stored[GIVEN]).split(",").sort()).toEqual(["displayName", "tags", "templateId"]);
    expect(inputsFrom(Instance, outputs, String(stored[GIVEN]).split(","))).toEqual(program);
  });

  it("hold a left-out field whose absence means a value when the live one is another (power state, tags)", () => {
    const drifted = { ...outputs, powerState: "stopped", tags: { env: "demo", owner: "x" } };
    expect(inputsFrom(Instance, drifted, ["templateId"])).toEqual({
      zoneId: "z-1",
      templateId: "t-1",
      serviceOfferingId: "o-1",
      powerState: "stopped",
      tags: { env: "demo", owner: "x" },
    });
  });

  it("are given only when the live values moved, and never for state written before the given inputs were", () => {
    const stored = withGiven(Instance, outputs, {
      zoneId: "z-1",
      serviceOfferingId: "o-1",
      [REPLACE_ON_CHANGES]: ["tags"],
    });
    expect(stored[REPLACE_ON_CHANGES]).toEqual(["tags"]);
    // the host passes the old outputs with its __provider; read's own outputs never have it
    const old = { ...stored, __provider: "exports.handler = …" };
    const same = afterRead(
      Instance,
      old,
      { ...outputs, __provider: old.__provider },
      { ...outputs },
      { ...outputs },
    );
    expect(same.inputs).toBeUndefined();
    expect(same.props).toMatchObject({ [GIVEN]: stored[GIVEN], [REPLACE_ON_CHANGES]: ["tags"] });
    const moved = { ...outputs, displayName: "renamed" };
    const after = afterRead(Instance, stored, outputs, moved, moved);
    expect(after.inputs).toEqual({
      zoneId: "z-1",
      serviceOfferingId: "o-1",
      tags: { env: "demo" }, // left out (none wanted), yet there: shown going
      [REPLACE_ON_CHANGES]: ["tags"],
    });
    expect(afterRead(Instance, outputs, outputs, moved, moved)).toEqual({ props: moved });
  });
});

describe("replaceOnChanges in the provider's diff", () => {
  const olds = { tags: { env: "demo", role: "web" }, displayName: "a", networkIds: ["n1", "n2"] };
  it("replaces a changed field a path names, and only when the value at the path changed", () => {
    const news = { tags: { env: "demo", role: "db" }, displayName: "b", networkIds: ["n1", "n3"] };
    const changed = ["tags", "displayName", "networkIds"];
    const by = (paths: unknown, fields: string[] = changed) =>
      optionReplaces(fields, olds, { ...news, [REPLACE_ON_CHANGES]: paths });
    expect(by(["displayName"])).toEqual(["displayName"]);
    expect(by(["tags.env"])).toEqual([]);
    expect(by(["tags.role"])).toEqual(["tags"]);
    expect(by(['tags["role"]', "networkIds[1]"])).toEqual(["tags", "networkIds"]);
    expect(by(["networkIds[0]"])).toEqual([]);
    expect(by(["*"]).sort()).toEqual([...changed].sort());
    expect(by(["displayName"], [])).toEqual([]);
    expect(by(undefined)).toEqual([]);
  });
});
