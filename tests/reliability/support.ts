// Support for the fault, bad-input and security suites: an emulator that can be restarted on the same port
// and data dir, its control routes, the stack's deployment read from the file backend, and the catalogue ids
// their programs need. Their stacks run through the harness's StackSession (tests/harness), one operation at a
// time, so the emulator can be changed between (and during) operations.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import {
  type Emulator,
  EmulatorControl,
  type FaultInput,
  type StartOptions,
  startEmulator,
} from "../../emulator";
import { pluginHome, StackSession } from "../harness";

/**
 * A stack session of `program` on either path (`native`: a home whose Pulumi.yaml names the plugin), its runs given
 * the emulator's address, `token`, the poll cadence and `env`.
 */
export async function emulatorSession(o: {
  name: string;
  projectName: string;
  program: string;
  native?: boolean;
  emu: { url: string };
  token: string;
  env: Record<string, string>;
}): Promise<StackSession> {
  const session = await StackSession.open({
    name: o.name,
    ...(o.native ? { home: pluginHome(o.name, o.projectName) } : {}),
    program: o.program,
    projectName: o.projectName,
  });
  await session.must("env", {
    env: { CIM_BASE_URL: o.emu.url, CIM_TOKEN: o.token, CIM_POLL_INTERVAL_MS: POLL_MS, ...o.env },
  });
  return session;
}

/** How quickly the provider polls jobs (the spec's 2-3 s cadence is overridden for local runs). */
export const POLL_MS = "50";

/** A fault rule as the matrix arms it. */
export type FaultRule = FaultInput;

/** How a test emulator starts (and restarts): job latency, the server's time zone and clock skew. */
export type TestEmulatorOptions = Pick<
  StartOptions,
  "jobLatencyMs" | "timezone" | "clockSkewMs" | "expungeDelayMs"
>;

/** An emulator on a fixed port and data dir that survives restarts, with its control routes. */
export class TestEmulator {
  private emu!: Emulator;
  /** The control routes; a new client after each restart. */
  control!: EmulatorControl;
  readonly dataDir: string;
  port = 0;
  url = "";

  private constructor(private options: TestEmulatorOptions) {
    this.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cim-rel-emu-"));
  }

  static async start(opts: TestEmulatorOptions = {}): Promise<TestEmulator> {
    const t = new TestEmulator({ jobLatencyMs: 0, ...opts });
    await t.boot();
    return t;
  }

  private async boot(): Promise<void> {
    this.emu = await startEmulator({ ...this.options, port: this.port, dataDir: this.dataDir });
    this.url = this.emu.url;
    this.port = Number(new URL(this.url).port);
    this.control = await EmulatorControl.of(this.emu);
  }

  get regions() {
    return this.emu.regions;
  }

  /** Moves the server to another time zone (its clock and stored instants unchanged); restarts keep it. */
  async setTimeZone(timezone: string): Promise<void> {
    this.options.timezone = timezone;
    await this.control.clock({ timeZone: timezone });
  }

  /**
   * Sets the server's clock skew and expunge delay; restarts keep them, as a real server's restart keeps its
   * clock and settings (a restart that dropped the skew moved the server's clock, and its running jobs' ends, by
   * as much).
   */
  async setClock(o: { skewMs?: number; expungeDelayMs?: number }): Promise<void> {
    if (o.skewMs !== undefined) {
      this.options.clockSkewMs = o.skewMs;
      await this.control.clock({ skewMs: o.skewMs });
    }
    if (o.expungeDelayMs !== undefined) {
      this.options.expungeDelayMs = o.expungeDelayMs;
      await this.control.jobTiming({ expungeDelayMs: o.expungeDelayMs });
    }
  }

  token(opts?: Parameters<Emulator["token"]>[0]): Promise<string> {
    return this.emu.token(opts);
  }

  /** Stops the server (state flushed to the data dir) and starts a new one on the same port and dir. */
  async restart(downMs = 300): Promise<void> {
    await this.emu.close();
    await sleep(downMs);
    for (let attempt = 0; ; attempt++) {
      try {
        await this.boot();
        return;
      } catch (err) {
        if (attempt >= 20) throw err;
        await sleep(100);
      }
    }
  }

  async close(): Promise<void> {
    await this.emu.close();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** Waits until the request counter of `key` ("METHOD /api/v1/…") reaches `n`; false on timeout. */
  async waitForRequest(key: string, n = 1, timeoutMs = 60_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (((await this.control.requests())[key] ?? 0) >= n) return true;
      await sleep(25);
    }
    return false;
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Request counts of calls that change something (anything but GET). */
export function mutating(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).filter(([k]) => !k.startsWith("GET ")));
}

/**
 * The stack's deployment (its resources and their ids), from the file backend's checkpoint (what `pulumi stack export`
 * prints, without a CLI call per check); through the runner's export when the backend is not a folder.
 */
export async function deploymentOf(session: StackSession, projectName: string): Promise<any> {
  const backend = process.env.PULUMI_BACKEND_URL ?? "";
  if (backend.startsWith("file://")) {
    const file = path.join(
      fileURLToPath(backend),
      ".pulumi",
      "stacks",
      projectName,
      `${session.stackName}.json`,
    );
    if (fs.existsSync(file)) {
      const { version, checkpoint } = JSON.parse(fs.readFileSync(file, "utf8"));
      return { version, deployment: checkpoint?.latest ?? {} };
    }
  }
  return (await session.must("export")).deployment;
}

/** Any JWT-shaped string (header.payload.signature, base64url, header starting {"). */
export const JWT_SHAPE = /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/;

/** The catalogue ids a test program needs, read from the emulator. */
export async function catalogueIds(emu: TestEmulator, token: string, region?: string) {
  const get = async (p: string) => {
    const res = await fetch(`${emu.url}/api/v1${p}`, {
      headers: { authorization: `Bearer ${token}`, ...(region ? { "x-region-context": region } : {}) },
    });
    if (!res.ok) throw new Error(`GET ${p}: ${res.status}`);
    return (await res.json()) as any[];
  };
  const [zones, templates, compute, disk, network, vpc, isos, kubernetes] = await Promise.all([
    get("/zones"),
    get("/templates"),
    get("/offerings/compute"),
    get("/offerings/disk"),
    get("/offerings/network"),
    get("/offerings/vpc"),
    get("/isos"),
    get("/compute/kubernetes/versions"),
  ]);
  const byName = (rows: any[], name: string) => {
    const row = rows.find((r) => r.name === name);
    if (!row) throw new Error(`no ${name} in ${JSON.stringify(rows.map((r) => r.name))}`);
    return row;
  };
  return {
    zoneId: (zones.find((z) => z.name === "de-fra-1a") ?? zones[0]).id as string,
    templateId: byName(templates, "Ubuntu 22.04 LTS").id as string,
    template: byName(templates, "Ubuntu 22.04 LTS"),
    small: byName(compute, "Small").id as string,
    medium: byName(compute, "Medium").id as string,
    customDisk: disk.find((d) => d.customized === true).id as string,
    fixedDisk: disk.find((d) => d.customized === false),
    vpcTier: network.find((n) => n.forVpc === true).id as string,
    isolated: network.find((n) => n.forVpc === false).id as string,
    vpcOffering: vpc[0].id as string,
    isoId: isos[0]?.id as string,
    kubernetesVersionId: kubernetes.find((v) => v.semanticVersion === "1.28.4").id as string,
    zones,
  };
}

export type CatalogueIds = Awaited<ReturnType<typeof catalogueIds>>;

/** Tally of a table-driven suite, printed as one line `N passed, M failed` when the file ends. */
export class Tally {
  passed = 0;
  failed: string[] = [];
  constructor(private readonly label: string) {}
  async case(name: string, body: () => Promise<void>): Promise<void> {
    try {
      await body();
      this.passed++;
    } catch (err) {
      this.failed.push(name);
      throw err;
    }
  }
  print(): void {
    const failed = this.failed.length ? ` (${this.failed.join("; ")})` : "";
    console.log(`${this.label}: ${this.passed} passed, ${this.failed.length} failed${failed}`);
  }
}
