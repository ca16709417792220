// The plugin's watch on its engine (provider/native/orphan.ts): an engine address that answered and then refuses
// ends the plugin; one that never answered (a stand-in) does not; neither timer keeps the process alive.
import * as net from "node:net";
import { expect, test } from "vitest";
import { endWhenOrphaned } from "../../provider/native/orphan";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test("an engine that answered and then stops answering ends the plugin", async () => {
  const engine = net.createServer((c) => c.destroy());
  await new Promise<void>((r) => engine.listen(0, "127.0.0.1", r));
  const port = (engine.address() as net.AddressInfo).port;
  let stops = 0;
  endWhenOrphaned(`127.0.0.1:${port}`, () => stops++, { engineEveryMs: 50, parentEveryMs: 50 });
  await sleep(300);
  expect(stops, "stopped while the engine still answers").toBe(0);
  await new Promise((r) => engine.close(r));
  const until = Date.now() + 3_000;
  while (!stops && Date.now() < until) await sleep(50);
  await sleep(200);
  expect(stops).toBe(1);
});

test("an address that never answered is not taken for a gone engine", async () => {
  let stops = 0;
  endWhenOrphaned("127.0.0.1:1", () => stops++, { engineEveryMs: 30, parentEveryMs: 30 });
  await sleep(500);
  expect(stops).toBe(0);
});
