// cim:maxConcurrentRequests set as stack config reaches the dynamic-provider process through configure() and
// caps the requests it has in flight at the API, whatever the engine's parallelism: counted by a proxy in
// front of the emulator that answers every API request 150 ms late. The same program without the setting
// shows the cap is what held the requests back.
import * as path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type CountingProxy, countingProxy } from "../client/countingProxy";
import { sourceHome, stackRun } from "../harness";
import { mine, startApi, type TestApi, uniqueStack } from "./support";

let api: TestApi;
let proxy: CountingProxy;

beforeAll(async () => {
  api = await startApi();
  proxy = await countingProxy(api.emu.url);
});

afterAll(async () => {
  await proxy?.close();
  await api?.close();
});

it("caps the provider's requests in flight at cim:maxConcurrentRequests", async () => {
  const home = sourceHome("settings");
  const stackName = uniqueStack("settings");
  const program = path.join(__dirname, "programs", "fleet.cjs");
  const run = await stackRun({
    home,
    stackName,
    program,
    envVars: { ...api.envVars, CIM_BASE_URL: proxy.url },
  });
  await api.control.fault({ method: "*", route: "/api/v1/**", latencyMs: 150 });

  proxy.reset();
  const [capped] = await run([
    { op: "up", config: { "fleet:count": "6", "cim:maxConcurrentRequests": "2" } },
  ]);
  expect(capped.outputs?.ids).toHaveLength(6);
  expect(mine((await api.control.state()).instances)).toHaveLength(6);
  expect(proxy.served()).toBeGreaterThan(6 * 3);
  expect(proxy.peak()).toBe(2);

  proxy.reset();
  const [open] = await run([
    { op: "up", config: { "fleet:count": "12", "cim:maxConcurrentRequests": null } },
  ]);
  expect(open.outputs?.ids).toHaveLength(12);
  expect(proxy.peak()).toBeGreaterThan(2);

  await api.control.clearFaults();
  await run([{ op: "destroy" }, { op: "rm" }]);
  expect(mine((await api.control.state()).instances)).toHaveLength(0);
}, 300_000);
