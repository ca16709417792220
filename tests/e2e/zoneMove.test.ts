// An instance moved to a zone its network is not in, through the real CLI: the move is a delete-first
// replacement (the host name stays), and the deploy in the new zone would be refused. Preview refuses it,
// naming the instance, networkIds and the rule; `up` refuses it at the same check, before the static NAT and the
// instance are deleted: both are still there, unchanged, afterwards.
import * as path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { requireToolchain, sourceHome, stackRun } from "../harness";
import { startApi, type TestApi, uniqueStack } from "./support";

let api: TestApi;

beforeAll(async () => {
  requireToolchain();
  api = await startApi();
}, 60_000);

afterAll(async () => {
  await api?.close();
});

it("preview and up of a zone move its network is not in fail at check, leaving the instance in place", async () => {
  const home = sourceHome("zonemove");
  const stackName = uniqueStack("zonemove");
  const program = path.join(__dirname, "programs", "zoneMove.cjs");
  const run = await stackRun({ home, stackName, program, envVars: api.envVars });

  const [up] = await run([{ op: "up" }]);
  expect(up.summary).toEqual({ create: 5 }); // stack, network, instance, address, static NAT
  const { vmId, netId, ipId } = up.outputs as Record<string, string>;
  const zoneA = (await api.client.instances.get(vmId)).zoneId;
  const zoneB = (await api.client.catalogue.zones()).find((z) => z.name === "de-fra-1b")!.id;

  await api.control.resetRequests();
  const moved = { config: { "zonemove:zone": "de-fra-1b" } };
  const [preview, refused] = await run([
    { op: "preview", expectFailure: true, ...moved },
    { op: "up", expectFailure: true, ...moved },
  ]);
  const rule = new RegExp(
    `cim:Instance resource 'mover': property networkIds value .* has a problem: networkIds names network ${netId} in .*, which is in zone de-fra-1a, not in the instance's zone ${zoneB}: an instance's networks must be in its zone`,
  );
  for (const r of [preview, refused]) {
    expect(r.ok).toBe(false);
    expect(`${r.output}\n${r.stderr}\n${r.error ?? ""}`).toMatch(rule);
  }
  // Nothing was deleted or changed: no request but reads reached the API.
  const calls = Object.keys(await api.control.requests()).filter((k) => !k.startsWith("GET "));
  expect(calls).toEqual([]);
  const vm = await api.client.instances.get(vmId);
  expect(vm).toMatchObject({ id: vmId, name: "mover", zoneId: zoneA, state: "Running" });
  expect(await api.client.publicIps.get(ipId)).toMatchObject({ isStaticNat: true, virtualMachineId: vmId });

  // The program moved back previews clean; destroy leaves nothing.
  const [back] = await run([
    { op: "preview", config: { "zonemove:zone": null } },
    { op: "destroy" },
    { op: "rm" },
  ]);
  expect(back.summary).toEqual({ same: 5 });
}, 600_000);
