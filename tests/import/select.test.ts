// provider/import/select.ts: `pulumi-cim import --kind/--id/--name` adopts part of a region, and the program it
// writes refers to what it leaves out by id.
import { describe, expect, it } from "vitest";
import { generateProgram } from "../../provider/import/generate";
import type { Inventory } from "../../provider/import/inventory";
import { kindsNamed, narrowInventory, tagsNamed } from "../../provider/import/select";

const ZONE = "11111111-0000-0000-0000-000000000001";
const DISK = "11111111-0000-0000-0000-000000000004";
const VM = "33333333-0000-0000-0000-000000000001";
const DATA = "33333333-0000-0000-0000-000000000002";
const LOGS = "33333333-0000-0000-0000-000000000003";
const ROOT = "33333333-0000-0000-0000-000000000004";

function inventory(): Inventory {
  return {
    region: { id: "99999999-0000-0000-0000-000000000000", name: "de-fra" },
    records: {
      Vpc: [
        {
          id: "vpc-1",
          name: "main",
          zoneId: ZONE,
          cidr: "10.1.0.0/16",
          vpcOfferingId: "o",
          state: "Enabled",
          tags: { env: "prod", team: "web" },
        },
      ],
      Instance: [
        {
          id: VM,
          name: "db",
          state: "Running",
          zoneId: ZONE,
          templateId: "t",
          serviceOfferingId: "s",
          networkIds: [],
        },
      ],
      Volume: [
        {
          id: DATA,
          name: "db-data",
          zoneId: ZONE,
          diskOfferingId: DISK,
          size: 20,
          virtualMachineId: VM,
          state: "Ready",
          tags: { env: "prod" },
        },
        { id: LOGS, name: "logs", zoneId: ZONE, diskOfferingId: DISK, size: 5, state: "Ready", tags: {} },
      ],
    },
    names: { [VM]: "db" },
    skipped: [{ kind: "Volume", id: ROOT, name: "ROOT-7", reason: "root disk (part of its instance)" }],
  } as Inventory;
}

const options = { project: "one-volume", versions: { pulumiCim: "^0.1.0", pulumi: "3.259.0" } };
const adopted = (inv: Inventory) => generateProgram(inv, options).resources.map((r) => `${r.kind} ${r.id}`);

describe("narrowing what pulumi-cim import adopts", () => {
  it("nothing given: everything, the inventory as read", () => {
    const inv = inventory();
    expect(narrowInventory(inv, {})).toBe(inv);
  });

  it("--id: the one volume wanted, referring to its instance (not adopted) by id", () => {
    const inv = narrowInventory(inventory(), { ids: [DATA] });
    expect(adopted(inv)).toEqual([`Volume ${DATA}`]);
    const index = generateProgram(inv, options).files["index.ts"];
    expect(index).toContain(`instanceId: "${VM}", // instance db`);
    expect(index).toContain(`selected by id ${DATA}.`);
    expect(index).not.toContain("ROOT-7"); // what was not adopted, of what was not selected, is not listed
  });

  it("--kind: every resource of the kinds named, in any case; --name narrows further", () => {
    expect(adopted(narrowInventory(inventory(), { kinds: kindsNamed(["volume"]) }))).toEqual([
      `Volume ${DATA}`,
      `Volume ${LOGS}`,
    ]);
    expect(
      adopted(
        narrowInventory(inventory(), { kinds: kindsNamed(["Vpc", "VOLUME"]), names: ["logs", "main"] }),
      ),
    ).toEqual(["Vpc vpc-1", `Volume ${LOGS}`]);
  });

  it("--tag: resources carrying every tag given", () => {
    expect(adopted(narrowInventory(inventory(), { tags: tagsNamed(["env=prod"]) }))).toEqual([
      "Vpc vpc-1",
      `Volume ${DATA}`,
    ]);
    expect(adopted(narrowInventory(inventory(), { tags: tagsNamed(["env=prod", "team=web"]) }))).toEqual([
      "Vpc vpc-1",
    ]);
    expect(() => narrowInventory(inventory(), { tags: tagsNamed(["env=dev"]) })).toThrow(
      "--tag env=dev: nothing pulumi-cim import adopts has it in region de-fra",
    );
    expect(() => tagsNamed(["prod"])).toThrow("--tag prod: give a tag as KEY=VALUE, e.g. --tag env=prod");
  });

  it("an unknown kind fails, listing the kinds", () => {
    expect(() => kindsNamed(["Volume", "Disk"])).toThrow(
      /^--kind Disk: pulumi-cim import adopts no such kind; the kinds are .*Instance, .*Volume, .*Vpc/,
    );
  });

  it("an id or name that selects nothing fails, saying why", () => {
    expect(() => narrowInventory(inventory(), { ids: [ROOT] })).toThrow(
      `--id ${ROOT} is Volume ROOT-7, which is not adopted: root disk (part of its instance)`,
    );
    expect(() => narrowInventory(inventory(), { ids: ["nope"] })).toThrow(
      "--id nope: nothing pulumi-cim import adopts has it in region de-fra",
    );
    expect(() => narrowInventory(inventory(), { kinds: ["Vpc"], ids: [DATA] })).toThrow(
      `--id ${DATA}: nothing pulumi-cim import adopts has it in region de-fra among Vpc`,
    );
    expect(() => narrowInventory(inventory(), { names: ["web"] })).toThrow("--name web: nothing");
  });
});
