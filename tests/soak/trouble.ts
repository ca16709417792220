// A round's trouble, drawn from its seed: one emulator fault at a random point of up, refresh or destroy, the
// server's time zone (UTC−12 to UTC+14) and clock skew, an expunge delay, out-of-band changes between rounds,
// and now and then an interrupted run. Faults are armed with the emulator's fault rules (emulator/README.md,
// Fault rules) the way the fault suite arms them (tests/reliability/matrix.ts: `rule`, `RESUME`), aimed at the
// routes of a kind the program holds instead of one fixed target.
import type { FaultInput } from "../../emulator";
import { type KindName, kinds } from "../../provider/kinds";
import type { Rng } from "./prng";

/** Zones from UTC−12 to UTC+14, the half and three-quarter hours included. */
export const ZONES = [
  "Etc/GMT+12",
  "Pacific/Honolulu",
  "America/Los_Angeles",
  "America/St_Johns",
  "UTC",
  "Europe/Berlin",
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "Asia/Tokyo",
  "Pacific/Chatham",
  "Pacific/Kiritimati",
];

/** The collection route of each kind the soak draws (the fault's aim: a random kind of the program). */
const ROUTES: Partial<Record<KindName, string>> = {
  Vpc: "/api/v1/vpcs",
  Network: "/api/v1/networks",
  NetworkAclList: "/api/v1/network-acls",
  NetworkAclRule: "/api/v1/network-acls/rules",
  Instance: "/api/v1/compute/instances",
  Volume: "/api/v1/volumes",
  VolumeSnapshot: "/api/v1/snapshots",
  InstanceSnapshot: "/api/v1/vm-snapshots",
  PublicIp: "/api/v1/public-ips",
  LoadBalancerRule: "/api/v1/loadbalancer/rules",
  InternalLoadBalancer: "/api/v1/loadbalancer/internal",
  SshKeyPair: "/api/v1/ssh-keypairs",
  InstanceGroup: "/api/v1/instance-groups",
  Project: "/api/v1/projects",
  MultiRegionGroup: "/api/v1/multi-regions",
  BackupSchedule: "/api/v1/backups/schedules",
  FileSystem: "/api/v1/filesystems",
  KubernetesCluster: "/api/v1/compute/kubernetes/clusters",
};

/** The kind a collection route creates. */
const CREATES = new Map(Object.entries(ROUTES).map(([kind, route]) => [route, kind as KindName]));

export type Phase = "up" | "refresh" | "destroy";

/** What a fault needs of the round besides its rules. */
export interface FaultPlan {
  name: string;
  phase: Phase;
  /** Fault rules to add before the operation. */
  rules: FaultInput[];
  /** The faulted operation may fail (with a clear error); the run after it must converge. */
  mayFail: boolean;
  /** Every resource's timeouts in the faulted run (a stuck or paused job past them). */
  timeouts?: Record<string, string>;
  /** Environment of the faulted run. */
  env?: Record<string, string>;
  /** Something done while the operation runs. */
  during?: "restart" | "pause-clock" | "expire-token";
}

const MUTATING = ["POST", "PUT", "DELETE"];

/** A call a fault aims at: a method and a route (a kind's collection, or its items with `/**`). */
type Point = (methods: string[]) => { method: string; route: string };

/** Every emulator fault, drawn at a random point (a call the round's phase makes). */
export const FAULTS: {
  name: string;
  phases: Phase[];
  draw(rng: Rng, at: Point): Omit<FaultPlan, "phase" | "name">;
}[] = [
  {
    name: "5xx on reads",
    phases: ["up", "refresh", "destroy"],
    draw: (rng, at) => ({
      // a burst within the client's three attempts (cim:maxRetries 2), as the fault suite's
      rules: [{ ...at(["GET"]), status: rng.pick([500, 502, 503]), times: rng.int(1, 2) }],
      mayFail: false,
    }),
  },
  {
    name: "429 with Retry-After",
    phases: ["up", "refresh", "destroy"],
    draw: (_rng, at) => ({
      rules: [{ ...at(["GET", ...MUTATING]), status: 429, retryAfter: 1, times: 1 }],
      mayFail: false,
    }),
  },
  {
    name: "503 with Retry-After",
    phases: ["up", "refresh", "destroy"],
    draw: (_rng, at) => ({
      rules: [{ ...at(["GET", ...MUTATING]), status: 503, retryAfter: 1, times: 1 }],
      mayFail: false,
    }),
  },
  {
    name: "connection reset before the answer (drop-before)",
    phases: ["up", "destroy"],
    draw: (_rng, at) => ({
      rules: [{ ...at(MUTATING), action: "drop-before", times: 1 }],
      mayFail: false,
    }),
  },
  {
    name: "mutation lands, answer lost (drop-after)",
    phases: ["up", "destroy"],
    draw: (_rng, at) => ({
      rules: [{ ...at(MUTATING), action: "drop-after", times: 1 }],
      mayFail: false,
    }),
  },
  {
    name: "proxy pages (504 after the work, 502 before it)",
    phases: ["up", "refresh", "destroy"],
    draw: (rng, at) =>
      rng.chance(0.5)
        ? {
            rules: [{ ...at(MUTATING), action: "status-after", status: 504, body: "html", times: 1 }],
            mayFail: false,
          }
        : { rules: [{ ...at(["GET", ...MUTATING]), status: 502, body: "html", times: 1 }], mayFail: false },
  },
  {
    name: "answer cut mid-JSON after the work",
    phases: ["up", "refresh", "destroy"],
    draw: (_rng, at) => ({
      rules: [{ ...at(["GET", ...MUTATING]), action: "truncate-after", times: 1 }],
      mayFail: false,
    }),
  },
  {
    name: "mutation held past cim:requestTimeout, then performed",
    phases: ["up", "destroy"],
    draw: (_rng, at) => {
      // The timeout is the whole program's, reads included: 5 s keeps a read on a loaded machine inside it. A held
      // mutation outlasts it by 1 s, inside the client's grace period (recovery.ts) for a request that may still
      // be in flight. A create of a named kind is held 4 s past it, past the grace too: it is sent again, the API
      // performs both, and the create must end with one resource (the resend deletes the first attempt's, or takes
      // it when the API refused the resend its name). Other mutations performed that late cannot be told from
      // ones never sent (the spec has a client-side timeout mean "never reached the platform"); nor can an
      // unnamed create's, whose look-alike the provider names and leaves.
      const point = at(MUTATING);
      const kind = point.method === "POST" ? CREATES.get(point.route) : undefined;
      const named = kind !== undefined && "name" in kinds[kind].fields;
      return {
        rules: [{ ...point, latencyMs: named ? 9_000 : 6_000, times: 1 }],
        env: { CIM_REQUEST_TIMEOUT: "5s" },
        mayFail: false,
      };
    },
  },
  {
    name: "job never found (404 on every poll)",
    phases: ["up", "destroy"],
    draw: (rng) => ({
      rules: [{ method: "GET", route: "/api/v1/jobs/{jobId}", status: 404, times: rng.int(3, 20) }],
      mayFail: false,
    }),
  },
  {
    name: "job error: quota",
    phases: ["up", "destroy"],
    draw: (_rng, at) => ({
      rules: [
        {
          ...at(MUTATING),
          times: 1,
          jobFail: { detail: "Quota exceeded: resource limit reached for user user-1" },
        },
      ],
      mayFail: true,
    }),
  },
  {
    name: "job error: capacity",
    phases: ["up", "destroy"],
    draw: (_rng, at) => ({
      rules: [{ ...at(MUTATING), times: 1, jobFail: { detail: "Insufficient capacity in zone de-fra-1a" } }],
      mayFail: true,
    }),
  },
  {
    name: "one job stuck past the resource timeout",
    phases: ["up", "destroy"],
    draw: (_rng, at) => ({
      rules: [{ ...at(MUTATING), times: 1, jobStuckMs: 4_000 }],
      timeouts: { create: "3s", update: "3s", delete: "3s" },
      mayFail: true,
    }),
  },
  {
    name: "job clock paused past the resource timeout",
    phases: ["up", "destroy"],
    draw: () => ({
      rules: [],
      timeouts: { create: "3s", update: "3s", delete: "3s" },
      mayFail: true,
      during: "pause-clock",
    }),
  },
  {
    name: "emulator restarted mid-run",
    phases: ["up", "refresh", "destroy"],
    draw: () => ({ rules: [], mayFail: true, during: "restart" }),
  },
  {
    name: "token expired mid-run",
    phases: ["up", "destroy"],
    draw: () => ({ rules: [], mayFail: true, during: "expire-token" }),
  },
];

export interface Trouble {
  zone: string;
  skewMs: number;
  expungeDelayMs: number;
  fault?: FaultPlan;
  /** Out-of-band changes before the round's up, by what they do. */
  oob: OobKind[];
  /** The CLI killed mid-up, then the lock cleared, then the next up. */
  interrupt: boolean;
  /** After the kill, an up meets the dead CLI's lock before `pulumi cancel` (else cancel comes first). */
  staleLock: boolean;
}

export type OobKind = "stop" | "tag" | "delete-rule" | "remove-member" | "delete";

/**
 * The calls a phase makes, per kind: an up's creates (POST to the collection), its updates and deletes (PUT,
 * POST and DELETE on items) and its reads; a refresh's reads; a destroy's deletes and reads.
 */
export interface Aim {
  kind: KindName;
  methods: string[];
  /** On the collection (a create) rather than an item. */
  collection?: boolean;
}

/** The round's trouble; `aims`: per phase, the calls the round makes (what a fault aims at). */
export function drawTrouble(rng: Rng, round: number, aims: Record<Phase, Aim[]>, only?: string): Trouble {
  const at =
    (phase: Phase): Point =>
    (methods) => {
      const fit = aims[phase].filter((a) => ROUTES[a.kind] && a.methods.some((m) => methods.includes(m)));
      if (!fit.length) return { method: rng.pick(methods), route: "/api/v1/**" };
      const a = rng.pick(fit);
      const method = rng.pick(a.methods.filter((m) => methods.includes(m)));
      return { method, route: a.collection && method === "POST" ? ROUTES[a.kind]! : `${ROUTES[a.kind]}/**` };
    };
  // `only` (CIM_SOAK_FAULT, `--fault`): only the troubles whose name it matches, faults and "interrupt" and
  // "out-of-band" alike; the last two every round when it matches no fault (a run about them alone)
  const matches = (name: string) => only === undefined || new RegExp(only, "i").test(name);
  const faults = FAULTS.filter((f) => matches(f.name));
  const rate = (name: string, usual: number) => (!matches(name) ? 0 : only && !faults.length ? 1 : usual);
  const f =
    faults.length && (round > 0 || only) && rng.chance(only ? 1 : 0.85) ? rng.pick(faults) : undefined;
  // an up most often: a destroy empties the program, which the next up makes again from nothing
  const phase = f ? pickPhase(rng, f.phases) : "up";
  const oob = rng.chance(rate("out-of-band", 0.3));
  const oobKinds = rng.some(
    ["stop", "tag", "delete-rule", "remove-member", "delete"] as OobKind[],
    rng.int(1, 2),
  );
  const interrupt = rng.chance(rate("interrupt", 0.06));
  return {
    zone: rng.pick(ZONES),
    skewMs: rng.chance(0.4) ? rng.pick([-1, 1]) * rng.int(1, 600) * 1000 : 0,
    expungeDelayMs: rng.chance(0.3) ? rng.int(200, 3_000) : 0,
    fault: f ? { name: f.name, phase, ...f.draw(rng, at(phase)) } : undefined,
    oob: round > 0 && oob ? oobKinds : [],
    interrupt: round > 0 && interrupt,
    // drawn last, so the draws before it are those of seeds recorded before it existed
    staleLock: rng.chance(0.5),
  };
}

const PHASE_WEIGHTS: Record<Phase, number> = { up: 0.65, refresh: 0.15, destroy: 0.2 };

function pickPhase(rng: Rng, phases: Phase[]): Phase {
  let at = rng.next() * phases.reduce((n, p) => n + PHASE_WEIGHTS[p], 0);
  for (const p of phases) {
    at -= PHASE_WEIGHTS[p];
    if (at < 0) return p;
  }
  return phases[phases.length - 1];
}
