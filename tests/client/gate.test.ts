// The process-wide gate behind cim:maxConcurrentRequests: a ceiling per request, waiters admitted in the
// order they came, a caller that gives up leaves the line, and requests without a ceiling still count.
import { describe, expect, it } from "vitest";
import { RequestGate } from "../../provider/client/gate";

const tick = () => new Promise((r) => setImmediate(r));

describe("RequestGate", () => {
  it("admits up to the ceiling, then one waiter per release, in arrival order", async () => {
    const gate = new RequestGate();
    const admitted: number[] = [];
    const all = Array.from({ length: 5 }, (_, i) => gate.acquire(2).then(() => admitted.push(i)));
    await tick();
    expect(admitted).toEqual([0, 1]);
    expect(gate.inFlight).toBe(2);
    expect(gate.waiting).toBe(3);
    gate.release();
    await tick();
    expect(admitted).toEqual([0, 1, 2]);
    gate.release();
    gate.release();
    await Promise.all(all);
    expect(admitted).toEqual([0, 1, 2, 3, 4]);
    expect(gate.inFlight).toBe(2);
  });

  it("a later request never overtakes an earlier waiter, even when a slot is free for it", async () => {
    const gate = new RequestGate();
    await gate.acquire(1);
    const order: string[] = [];
    const first = gate.acquire(1).then(() => order.push("first"));
    // A request with a larger ceiling would fit now, but the line is not empty.
    const second = gate.acquire(3).then(() => order.push("second"));
    await tick();
    expect(order).toEqual([]);
    gate.release();
    await Promise.all([first, second]);
    expect(order).toEqual(["first", "second"]);
  });

  it("a waiter whose caller gives up leaves the line and lets the next one in", async () => {
    const gate = new RequestGate();
    await gate.acquire(1);
    const abort = new AbortController();
    const gaveUp = gate.acquire(1, abort.signal).catch((e: unknown) => e);
    const next = gate.acquire(1);
    abort.abort(new Error("cancelled"));
    expect(((await gaveUp) as Error).message).toBe("cancelled");
    expect(gate.waiting).toBe(1);
    gate.release();
    await next;
    expect(gate.inFlight).toBe(1);
    expect(gate.waiting).toBe(0);
  });

  it("requests without a ceiling pass at once and count against the ceilings of others", async () => {
    const gate = new RequestGate();
    await gate.acquire();
    await gate.acquire();
    expect(gate.inFlight).toBe(2);
    let admitted = false;
    const limited = gate.acquire(2).then(() => {
      admitted = true;
    });
    await gate.acquire();
    await tick();
    expect(admitted).toBe(false);
    gate.release();
    gate.release();
    await limited;
    expect(gate.inFlight).toBe(2);
  });
});
