// The plugin's watch on its engine (provider/native/orphan.ts): an engine address that answered and then refuses
// ends the plugin; one that never answered (a stand-in) does not; neither timer keeps the process alive; a parent
// other than the one the process started under ends it.
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

test("a parent that is not this process's parent any more ends it: the pid read at start, before the port", async () => {
  // the engine read the port and was killed before the watch began: the parent read then would be init's
  let stops = 0;
  endWhenOrphaned(undefined, () => stops++, { parentEveryMs: 30, parent: process.ppid + 1 });
  const until = Date.now() + 2_000;
  while (!stops && Date.now() < until) await sleep(30);
  await sleep(100);
  expect(stops).toBe(1);
});
