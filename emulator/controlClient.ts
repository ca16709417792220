// The typed client of the emulator's control routes (/_emulator/**, a token with service:admin): what tests,
// the bench and scripts use to reset, inspect, inject faults, drive the job clock and change allowances.

import type { Collections } from "./families";
import type { FaultRule } from "./faults";
import type { JobMode, JobRecordView, JobTiming } from "./jobs";
import type { Limits, Owned, Region, User, Zone } from "./records";
import type { Fields } from "./repository";
import type { RequestLogEntry } from "./stats";

/** A fault rule as POST /_emulator/faults takes it (see emulator/README.md): the rule without id and hits. */
export type FaultInput = Partial<Omit<FaultRule, "id" | "hits" | "route" | "jobFail">> & {
  route: string;
  jobFail?: { detail?: string };
};

export interface ClockView {
  paused: boolean;
  held: boolean;
  /** The server clock's instant (ISO, UTC). */
  now: string;
  /** The same instant as the API layer writes it: local time of `timeZone`, no offset. */
  local: string;
  timeZone: string;
  skewMs: number;
  offsetMs: number;
}

export interface StateDump {
  clock: ClockView;
  jobTiming: JobTiming;
  faults: FaultRule[];
  state: Record<string, any>;
}

/**
 * One record to seed: its owner (`sub`, default user-1; `regionId`, an id or name, default the primary region) and
 * its family's own fields, as the family's seed reads them (see the family's `seed`).
 */
export type SeedItem<R> = Partial<Fields<R & Owned>> & { sub?: string; regionId?: string };

/** Records to seed by family key, typed by each family's record; only families that declare a seed accept them. */
export type SeedInput = { [K in keyof Collections]?: SeedItem<Collections[K][string]>[] };

/** The new records' ids by the family keys of the request, in the order given. */
export type Seeded<I extends SeedInput> = { [K in keyof I]-?: string[] };

/** One job's reads, as GET /_emulator/requests/jobs reports them. */
export interface JobReadCount {
  jobId: string;
  command: string;
  resourceType: string;
  status: string;
  reads: number;
  durationMs?: number;
  lagMs?: number;
}

/** A control route answered with something other than 2xx; `status` and `body` say what. */
export class EmulatorControlError extends Error {
  constructor(
    readonly method: string,
    readonly route: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(
      `${method} /_emulator${route} → ${status}: ${typeof body === "string" ? body : JSON.stringify(body)}`,
    );
  }
}

export class EmulatorControl {
  /** `token` must carry service:admin (Emulator.adminToken(), `cim-emulator token --admin`). */
  constructor(
    readonly baseUrl: string,
    private readonly token: string,
  ) {}

  /** For an emulator started in this process. */
  static async of(emu: { url: string; adminToken(): Promise<string> }): Promise<EmulatorControl> {
    return new EmulatorControl(emu.url, await emu.adminToken());
  }

  async call<T = any>(method: string, route: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.baseUrl}/_emulator${route}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    if (!res.ok) throw new EmulatorControlError(method, route, res.status, parsed);
    return parsed as T;
  }

  /** Seeded state, no faults, counters zeroed, clock reset; keys (and so tokens) are kept. */
  async reset(): Promise<void> {
    await this.call("POST", "/reset");
  }

  /** Request counts by "METHOD /api/v1/route/{template}". */
  requests(): Promise<Record<string, number>> {
    return this.call("GET", "/requests");
  }

  async resetRequests(): Promise<void> {
    await this.call("DELETE", "/requests");
  }

  /**
   * Every job read since the counters were zeroed: its reads (polls), its duration and how long after its end
   * the first read that showed it ended came (lag, job clock; undefined while no read has seen it end).
   */
  jobReads(): Promise<JobReadCount[]> {
    return this.call("GET", "/requests/jobs");
  }

  requestLog(limit?: number): Promise<RequestLogEntry[]> {
    return this.call("GET", limit === undefined ? "/requests/log" : `/requests/log?limit=${limit}`);
  }

  /** Clock, job timing, fault rules and the whole state. */
  dump(): Promise<StateDump> {
    return this.call("GET", "/state");
  }

  /** The whole state (records by collection: instances, volumes, jobs, …). */
  async state(): Promise<StateDump["state"]> {
    return (await this.dump()).state;
  }

  fault(rule: FaultInput): Promise<FaultRule> {
    return this.call("POST", "/faults", rule);
  }

  faults(): Promise<FaultRule[]> {
    return this.call("GET", "/faults");
  }

  async removeFault(id: string): Promise<void> {
    await this.call("DELETE", `/faults/${encodeURIComponent(id)}`);
  }

  async clearFaults(): Promise<void> {
    await this.call("DELETE", "/faults");
  }

  /**
   * Pause or resume the job clock, or move it forward (an advance settles what is due, even while paused);
   * set the server clock's skew from real time or the zone of its local time.
   */
  clock(change: {
    paused?: boolean;
    advanceMs?: number;
    skewMs?: number;
    timeZone?: string;
  }): Promise<ClockView> {
    return this.call("POST", "/clock", change);
  }

  pauseClock(paused = true): Promise<ClockView> {
    return this.clock({ paused });
  }

  advanceClock(ms: number): Promise<ClockView> {
    return this.clock({ advanceMs: ms });
  }

  /** How jobs end (mode) and how long they take; fields left out keep their value. */
  jobTiming(timing: Partial<JobTiming>): Promise<JobTiming> {
    return this.call("PUT", "/job-timing", timing);
  }

  /** Whether job reads show the job's own times and a successful job's result (both on by default). */
  jobRecords(view: Partial<JobRecordView>): Promise<JobRecordView> {
    return this.call("PUT", "/job-records", view);
  }

  jobMode(mode: JobMode, extra: Partial<Omit<JobTiming, "mode">> = {}): Promise<JobTiming> {
    return this.jobTiming({ ...extra, mode });
  }

  /** A user's allowances (default user-1); keys left out keep their value. */
  limits(limits: Partial<Limits>, sub = "user-1"): Promise<Limits & { sub: string }> {
    return this.call("PUT", "/limits", { ...limits, sub });
  }

  /**
   * Adds a user (active, accounts in every region unless `regions`), or changes one; `allowUserViewDestroyedVm`
   * is CloudStack's account setting that shows Destroyed instances in reads, `allowPublicUserTemplates` the one
   * that lets the account make its templates and ISOs public (default true).
   */
  user(
    sub: string,
    change: {
      active?: boolean;
      regions?: string[];
      allowUserViewDestroyedVm?: boolean;
      allowPublicUserTemplates?: boolean;
    } = {},
  ): Promise<User> {
    return this.call("POST", "/users", { ...change, sub });
  }

  /** A zone (id or name) holds this many instances before deploys fail. */
  zoneCapacity(zone: string, capacity: number): Promise<Zone> {
    return this.call("PUT", `/zones/${encodeURIComponent(zone)}`, { capacity });
  }

  /** Region flags (id or name); `primary: true` clears the others. */
  region(region: string, flags: { primary?: boolean; active?: boolean }): Promise<Region> {
    return this.call("PUT", `/regions/${encodeURIComponent(region)}`, flags);
  }

  /**
   * Records of any family that declares a seed (instance groups, projects), for any user and region, without
   * that user's token; checked by the family's seed, all or none kept. Answers their ids by family key.
   */
  seed<I extends SeedInput>(records: I): Promise<Seeded<I>> {
    return this.call("POST", "/seed", records);
  }
}
