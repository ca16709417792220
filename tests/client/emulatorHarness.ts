// Emulator-backed test harness: one in-process emulator per test file, an admin helper for the /_emulator
// control routes (faults, state, counters, limits, users, job timing), and a client factory.

import { type Emulator, startEmulator } from "../../emulator";
import { CimClient, type CimClientOptions } from "../../provider/client";

export interface Harness {
  emu: Emulator;
  primary: string;
  secondary: string;
  admin<T = any>(method: string, path: string, body?: unknown): Promise<T>;
  fault(rule: Record<string, unknown>): Promise<void>;
  state(): Promise<any>;
  counters(): Promise<Record<string, number>>;
  client(extra?: Partial<CimClientOptions>): Promise<CimClient>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function harness(): Promise<Harness> {
  const emu = await startEmulator({ jobLatencyMs: 0 });
  const adminToken = await emu.adminToken();
  const primary = emu.regions.find((r) => r.primary)!.id;
  const secondary = emu.regions.find((r) => !r.primary)!.id;
  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${emu.url}/_emulator${path}`, {
      method,
      headers: {
        authorization: `Bearer ${adminToken}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} /_emulator${path} → ${res.status}: ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  return {
    emu,
    primary,
    secondary,
    admin,
    fault: (rule) => admin("POST", "/faults", rule),
    state: async () => (await admin("GET", "/state")).state,
    counters: () => admin("GET", "/requests"),
    client: async (extra = {}) =>
      new CimClient({
        baseUrl: emu.url,
        token: extra.token ?? (await emu.token()),
        region: primary,
        retry: { baseDelayMs: 10, maxDelayMs: 50 },
        recovery: { graceMs: 2_000 },
        ...extra,
      }),
    reset: () => admin("POST", "/reset"),
    close: () => emu.close(),
  };
}

/** Fast polling for tests: the emulator finishes jobs at the first read (job latency 0). */
export const fastWait = { firstDelayMs: 5, minIntervalMs: 10, maxIntervalMs: 20, timeoutMs: 10_000 };
