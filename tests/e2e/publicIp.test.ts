// cim.PublicIp and cim.StaticNat through the real CLI: up acquires the address and maps it onto an instance
// (jobs), a second preview and a refresh show no changes, a tag changes in place, moving the static NAT to
// another instance replaces it by disabling first (the new one has the same id, the address's), and destroy
// leaves the account without an address of its own: the VPC's source-NAT address goes with the VPC.
import * as path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { requireToolchain, sourceHome, stackRun } from "../harness";
import { mine, startApi, type TestApi, uniqueStack } from "./support";

let api: TestApi;

beforeAll(async () => {
  requireToolchain();
  api = await startApi();
}, 60_000);

afterAll(async () => {
  await api?.close();
});

/** The commands of the user's jobs on one resource, oldest first. */
async function jobsOn(id: string): Promise<string[]> {
  const { items } = await api.client.jobs.recent(200);
  return items
    .filter((j) => j.resourceId === id)
    .reverse()
    .map((j) => `${j.command}:${j.status}`);
}

it("acquires, maps, shows no drift, re-maps by replacement and destroys leaving no address", async () => {
  const home = sourceHome("publicip");
  const stackName = uniqueStack("publicip");
  const program = path.join(__dirname, "programs", "publicIp.cjs");
  const run = await stackRun({ home, stackName, program, envVars: api.envVars });

  const [up, preview, refresh] = await run([{ op: "up" }, { op: "preview" }, { op: "refresh" }]);
  expect(up.summary).toEqual({ create: 7 }); // stack, VPC, tier, two instances, address, static NAT
  const out = up.outputs!;
  expect(out.address).toMatch(/^198\.1[89]\./);
  expect(out.natId).toBe(out.ipId);
  const live = await api.client.publicIps.get(out.ipId);
  expect(live).toMatchObject({
    isStaticNat: true,
    virtualMachineId: out.a,
    vmIpAddress: out.vmIp,
  });
  expect(preview.summary).toEqual({ same: 7 });
  expect(refresh.summary).toEqual({ same: 7 });

  const [retag, moved] = await run([
    { op: "up", config: { "publicip:role": "jump" } },
    { op: "up", config: { "publicip:target": "b" } },
  ]);
  expect(retag.summary).toEqual({ update: 1, same: 6 });
  expect((await api.client.publicIps.get(out.ipId)).tags).toEqual({ role: "jump" });
  expect(moved.summary).toEqual({ replace: 1, same: 6 });
  expect(await api.client.publicIps.get(out.ipId)).toMatchObject({ virtualMachineId: out.b });
  expect(await jobsOn(out.ipId)).toEqual([
    "associateIpAddress:success",
    "enableStaticNat:success",
    "disableStaticNat:success", // disabled first: the address holds one static NAT
    "enableStaticNat:success",
  ]);

  const [destroyed] = await run([{ op: "destroy" }, { op: "rm" }]);
  expect(destroyed.summary).toEqual({ delete: 7 });
  const state = await api.control.state();
  expect(mine(state.publicIps)).toEqual([]);
  expect(mine(state.vpcs)).toEqual([]);
}, 600_000);
