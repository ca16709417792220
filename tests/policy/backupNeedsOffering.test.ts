// cim-backup-needs-offering on the resources a preview hands a stack policy: a schedule or backup of an instance
// of the program without backupOfferingId is reported on the schedule or backup; an offering given, or unknown
// until deploy, passes; an instance outside the program (a literal id) is the provider check's to judge.
import type { PolicyResource } from "@pulumi/policy";
import { UnknownValueError } from "@pulumi/policy";
import { describe, expect, it } from "vitest";
import { res, violationsOf } from "./stackResources";

// the sentinel of a string the engine knows only after deploy, as @pulumi/policy marks it
const { unknownStringValue } = require("@pulumi/policy/proxy");

import { backupNeedsOffering, TYPES } from "../../policy/policies";

const violations = (resources: PolicyResource[]) => violationsOf(backupNeedsOffering, resources);

describe("cim-backup-needs-offering", () => {
  it("is mandatory by default", () => {
    expect(backupNeedsOffering.enforcementLevel).toBe("mandatory");
  });

  it("reports a schedule and a backup of an instance without backupOfferingId, on them, naming the instance", () => {
    const db = res(TYPES.Instance, "db", { zoneId: "z" });
    const nightly = res(TYPES.BackupSchedule, "nightly", { intervalType: "DAILY" }, { instanceId: [db] });
    const once = res(TYPES.Backup, "once", {}, { instanceId: [db] });
    const found = violations([db, nightly, once]);
    expect(found.map((v) => v.urn)).toEqual([nightly.urn, once.urn]);
    expect(found[0].message).toMatch(
      /nightly \(BackupSchedule\) backs up instance db, which has no backupOfferingId/,
    );
    expect(found[1].message).toContain("cim.getBackupOffering");
  });

  it("passes an offering given or unknown until deploy, and instances the schedule does not name", () => {
    const given = res(TYPES.Instance, "db", { backupOfferingId: "off-1" });
    const later = res(TYPES.Instance, "app", {});
    Object.defineProperty((later as { props: object }).props, "backupOfferingId", {
      get: () => {
        throw new (UnknownValueError as any)(unknownStringValue, ["backupOfferingId"]);
      },
    });
    const bare = res(TYPES.Instance, "bare", {});
    const s1 = res(TYPES.BackupSchedule, "s1", {}, { instanceId: [given] });
    const s2 = res(TYPES.Backup, "s2", {}, { instanceId: [later] });
    // a schedule naming an instance outside the program by a literal id: no dependency, nothing to judge here
    const s3 = res(TYPES.BackupSchedule, "s3", { instanceId: "11111111-0000-4000-8000-000000000000" });
    expect(violations([given, later, bare, s1, s2, s3])).toEqual([]);
  });
});
