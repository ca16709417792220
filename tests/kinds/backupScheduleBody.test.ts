// cim.BackupSchedule always sends timezone: the platform requires it on create (CloudStack's createBackupSchedule
// marks vmId, intervalType, schedule and timezone required; the spec does not say), so a program that leaves it
// out sends the kind's default, UTC, on create and on update alike.
import { expect, it } from "vitest";
import { kinds } from "../../provider/kinds";
import type { KindApi } from "../../provider/lifecycle/kindSpec";
import type { Session } from "../../provider/lifecycle/session";

const vm = "3d8e4f50-6172-5839-8cbd-e2f3a4b5c6d7";
const inputs = { instanceId: vm, intervalType: "DAILY", schedule: "30:02" };

/** The bodies the kind's calls hand the client, through a session whose client only records them. */
function recording() {
  const sent: Record<string, unknown>[] = [];
  const record = async (...args: unknown[]) => {
    sent.push(
      args.find((a) => typeof a === "object" && a !== null && "vmId" in a) as Record<string, unknown>,
    );
    return { id: "bs-1" };
  };
  // synchronous: no job to wait for
  const client = {
    backupSchedules: { create: record, update: record },
    jobs: { wait: async () => undefined },
  };
  const s = { kind: "BackupSchedule", client, timeouts: { create: 1000, update: 1000, delete: 1000 } };
  return { sent, s: s as unknown as Session };
}

it('a schedule without timezone sends "UTC" on create and on update', async () => {
  const api = kinds.BackupSchedule.api as unknown as KindApi<Record<string, unknown>, any>;
  const { sent, s } = recording();
  await api.create(s, inputs);
  await api.apply?.(s, { id: "bs-1" }, { ...inputs, schedule: "45:03" }, new Set(["schedule"]), "update");
  expect(sent).toEqual([
    { vmId: vm, intervalType: "DAILY", schedule: "30:02", timezone: "UTC" },
    { vmId: vm, intervalType: "DAILY", schedule: "45:03", timezone: "UTC" },
  ]);
  // one the program gives is sent as given
  await api.create(s, { ...inputs, timezone: "Europe/Berlin" });
  expect(sent[2]).toMatchObject({ timezone: "Europe/Berlin" });
});
