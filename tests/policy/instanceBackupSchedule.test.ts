// cim-instance-backup-schedule: an instance no schedule of the program backs up is reported with the schedule to
// add, written as code a program can take: the variable a resource's name suggests, never the name itself where
// it is no identifier (`web-2.id` would not compile).
import { describe, expect, it } from "vitest";
import { instanceBackupSchedule, TYPES, variableFor } from "../../policy/policies";
import { res, violationsOf } from "./stackResources";

describe("cim-instance-backup-schedule", () => {
  it("names the schedule to add with a variable that is an identifier", () => {
    const web = res(TYPES.Instance, "web-2", { zoneId: "z" });
    const found = violationsOf(instanceBackupSchedule, [web]);
    expect(found.map((v) => v.message)).toEqual([
      'instance web-2 has no backup schedule. Add new cim.BackupSchedule("web-2-backup", { instanceId: web2.id, intervalType: "DAILY", schedule: "30:02" }), web2 being the variable that holds instance web-2 (the instance needs a backupOfferingId for it).',
    ]);
  });

  it("a schedule of the instance covers it", () => {
    const db = res(TYPES.Instance, "db", { zoneId: "z" });
    const nightly = res(TYPES.BackupSchedule, "nightly", { intervalType: "DAILY" }, { instanceId: [db] });
    expect(violationsOf(instanceBackupSchedule, [db, nightly])).toEqual([]);
  });

  it("turns names into identifiers", () => {
    expect(variableFor("web")).toBe("web");
    expect(variableFor("web-2")).toBe("web2");
    expect(variableFor("db backup.primary")).toBe("dbBackupPrimary");
    expect(variableFor("2nd-vm")).toBe("_2ndVm");
  });
});
