// Emulator-backed test harness: one in-process emulator per test file, its control client (faults, state,
// counters, limits, users, job timing), and a client factory.

import { type Emulator, EmulatorControl, startEmulator } from "../../emulator";
import { CimClient, type CimClientOptions } from "../../provider/client";

export interface Harness {
  emu: Emulator;
  primary: string;
  secondary: string;
  control: EmulatorControl;
  client(extra?: Partial<CimClientOptions>): Promise<CimClient>;
  close(): Promise<void>;
}

export async function harness(): Promise<Harness> {
  const emu = await startEmulator({ jobLatencyMs: 0 });
  const control = await EmulatorControl.of(emu);
  const primary = emu.regions.find((r) => r.primary)!.id;
  const secondary = emu.regions.find((r) => !r.primary)!.id;
  return {
    emu,
    primary,
    secondary,
    control,
    client: async (extra = {}) =>
      new CimClient({
        baseUrl: emu.url,
        token: extra.token ?? (await emu.token()),
        region: primary,
        retry: { baseDelayMs: 10, maxDelayMs: 50 },
        recovery: { graceMs: 2_000 },
        ...extra,
      }),
    close: () => emu.close(),
  };
}

/** Fast polling for tests: the emulator finishes jobs at the first read (job latency 0). */
export const fastWait = { firstDelayMs: 5, minIntervalMs: 10, maxIntervalMs: 20, timeoutMs: 10_000 };
