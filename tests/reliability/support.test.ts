// The test emulator the fault suite and the soak restart mid-run: a restart keeps the server's clock and
// settings, as a real server's restart does. One that dropped a skew moved the server's clock, and the end of
// every job it was running, by as much (a soak round's up hung on a VPC's create job).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestEmulator } from "./support";

describe("TestEmulator: a restart keeps what the test set", () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await TestEmulator.start();
  });
  afterAll(() => emu.close());

  it("keeps the time zone, the clock skew and the expunge delay", async () => {
    await emu.setTimeZone("Pacific/Kiritimati");
    await emu.setClock({ skewMs: 462_000, expungeDelayMs: 2_500 });
    await emu.restart(50);
    const clock = await emu.control.clock({});
    expect(clock).toMatchObject({ timeZone: "Pacific/Kiritimati", skewMs: 462_000 });
    expect((await emu.control.jobTiming({})).expungeDelayMs).toBe(2_500);
  });
});
