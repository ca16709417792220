// Done-when 4: a quota failure injected in the emulator fails `up` with a message naming the resource, the
// region and the job's detail; after the quota is raised the next `up` converges with no duplicate.
import { expect, it } from "vitest";
import { sourceHome, stackRun } from "../harness";
import { exampleProgram, mine, uniqueStack, useApi } from "./support";

const api = useApi();

it("fails clearly on a quota ceiling and converges once it is raised, without duplicates", async () => {
  const home = sourceHome("quota-failure");
  const program = exampleProgram(home, "quickstart");
  const stackName = uniqueStack("quota-failure");
  const run = await stackRun({ home, stackName, program, envVars: api().envVars });

  // One instance allowed: of web and db, the second deploy the API accepts fails in its job.
  await api().control.limits({ instanceLimit: 1 });
  const [failed, exported] = await run([{ op: "up", expectFailure: true }, { op: "export" }]);
  expect(failed.ok).toBe(false);
  const text = failed.output;
  expect(text).toMatch(
    /Maximum number of resources of type 'user_vm' for account name=user-1 in domain id=\S+ has been exceeded\./,
  );
  expect(text).toMatch(/This is a quota ceiling: retrying fails the same way/);
  expect(text).toMatch(
    /cim:Instance "vm-[0-9a-f]{12}" \(id [0-9a-f-]{36}\) in region de-fra-1 \([0-9a-f-]{36}\): deploy failed/,
  );
  expect(text).toMatch(/pulumi-nodejs:dynamic\/cim:Instance \((web|db)\)/);
  expect(text).not.toContain(api().token);

  // The failed instance is in the state (partial state), not lost; the platform holds it in state Error.
  const vms = exported.deployment!.deployment.resources.filter((r: any) => r.type.endsWith("cim:Instance"));
  expect(vms).toHaveLength(2);
  const broken = vms.find((r: any) => r.initErrors?.length);
  expect(broken.outputs.state).toBe("Error");
  expect(broken.outputs.__provider).toBeTruthy();
  expect(mine((await api().control.state()).instances)).toHaveLength(2);

  // Raised: the failed instance is replaced, everything else is created; nothing is duplicated.
  await api().control.limits({ instanceLimit: 1000 });
  const [converged, stable] = await run([{ op: "up" }, { op: "preview" }, { op: "rm" }]);
  expect(converged.summary?.replace).toBe(1);
  expect(stable.summary).toEqual({ same: 7 });
  const state = await api().control.state();
  const instances = mine(state.instances);
  expect(instances).toHaveLength(2);
  expect(instances.every((i: any) => i.state === "Running")).toBe(true);
  // The program's data volume; each instance's root disk is a ROOT volume of the platform's own.
  expect(mine(state.volumes).filter((v: any) => v.type !== "ROOT")).toHaveLength(1);
  expect(mine(state.vpcs)).toHaveLength(1);
  expect(mine(state.networks)).toHaveLength(1);
  expect(mine(state.backupSchedules)).toHaveLength(1);
}, 300_000);
