// Ctrl-C during a wait between two tries of a refused call (a network's delete waiting for the platform's expunge):
// the plugin's Cancel ends it at once, saying nothing is under way, where the wait would otherwise run to the
// resource's delete timeout. (A file of its own: the cancel holds for the rest of the process.)
import { expect, it } from "vitest";
import { JobFailedError } from "../../provider/client";
import { whileRefused } from "../../provider/lifecycle/passingRefusal";
import type { Session } from "../../provider/lifecycle/session";
import { Adapter } from "../../provider/native/adapter";

it("the plugin's Cancel ends a wait between tries at once, naming what it waited for", async () => {
  const s = {
    kind: "Network",
    client: {} as never,
    timeouts: { create: 1_200_000, update: 1_200_000, delete: 1_200_000 },
    subject: { name: "web", id: "n-1" },
  } as unknown as Session;
  let tries = 0;
  const started = Date.now();
  const waiting = whileRefused(
    s,
    "delete",
    () => ({ waitsFor: "the platform to expunge instance a (id x)", advice: "Or expunge it now." }),
    async () => {
      tries++;
      throw new JobFailedError("j1", "Failed to delete network", undefined, "deleteNetwork", "n-1");
    },
  );
  await new Promise((r) => setTimeout(r, 200));
  new Adapter().cancel();
  const err = await waiting.then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(tries).toBe(1);
  expect(err?.message).toMatch(
    /: delete stopped: the run was cancelled while waiting for the platform to expunge instance a \(id x\): Failed to delete network\. Nothing of the delete is under way; run pulumi destroy again\. Or expunge it now\.$/,
  );
});
