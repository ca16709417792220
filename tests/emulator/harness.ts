// Black-box test harness: an emulator on port 0 with a temp data dir, and a small fetch-based caller.
import { type Emulator, EmulatorControl, type StartOptions, startEmulator } from "../../emulator/index";

export interface Res<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as-is (a string body goes out without JSON encoding). */
  rawBody?: string;
  query?: Record<string, string | number | boolean>;
  headers?: Record<string, string>;
  region?: string;
  /** null sends no Authorization header. */
  token?: string | null;
}

export interface Catalogue {
  zone: any;
  zone2?: any;
  templates: any[];
  template: any;
  offering: any;
  offerings: any[];
  diskOfferings: any[];
  networkOfferings: any[];
  vpcOffering: any;
  isos: any[];
}

export class Api {
  /** The control routes (/_emulator/**) with the admin token. */
  readonly control: EmulatorControl;

  private constructor(
    readonly emu: Emulator,
    readonly token: string,
    readonly admin: string,
  ) {
    this.control = new EmulatorControl(emu.url, admin);
  }

  static async start(opts: StartOptions = {}): Promise<Api> {
    const emu = await startEmulator({ port: 0, jobLatencyMs: 0, ...opts });
    return new Api(emu, await emu.token(), await emu.adminToken());
  }

  /** An emulator and its seeded catalogue: `beforeAll(async () => ({ api, c } = await Api.withCatalogue()))`. */
  static async withCatalogue(opts: StartOptions = {}): Promise<{ api: Api; c: Catalogue }> {
    const api = await Api.start(opts);
    return { api, c: await api.catalogue() };
  }

  get primary() {
    return this.emu.regions.find((r) => r.primary)!;
  }

  get secondary() {
    return this.emu.regions.find((r) => !r.primary)!;
  }

  async call<T = any>(method: string, path: string, opts: CallOptions = {}): Promise<Res<T>> {
    const url = new URL(`/api/v1${path}`, this.emu.url);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { ...opts.headers };
    const token = opts.token === undefined ? this.token : opts.token;
    if (token !== null) headers.authorization = `Bearer ${token}`;
    if (opts.region) headers["x-region-context"] = opts.region;
    let body: string | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers["content-type"] = "application/json";
    }
    const res = await fetch(url, { method, headers, body });
    const text = await res.text();
    let parsed: any = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // leave as text
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  get = <T = any>(path: string, opts?: CallOptions) => this.call<T>("GET", path, opts);
  post = <T = any>(path: string, opts?: CallOptions) => this.call<T>("POST", path, opts);
  put = <T = any>(path: string, opts?: CallOptions) => this.call<T>("PUT", path, opts);
  del = <T = any>(path: string, opts?: CallOptions) => this.call<T>("DELETE", path, opts);

  /** 200 or fail with the error body, so a failing test says why. */
  async ok<T = any>(method: string, path: string, opts?: CallOptions): Promise<T> {
    const res = await this.call<T>(method, path, opts);
    if (res.status !== 200) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  /**
   * A request CloudStack accepts and whose job fails with the rule's words (its asynchronous commands check in the
   * job): accepted (200), the job's status error and its detail `detail`. Resolves with the job.
   */
  async failsInJob(method: string, path: string, detail: string | RegExp, opts?: CallOptions): Promise<any> {
    const job = await this.waitJob((await this.ok(method, path, opts)).jobId, opts?.region);
    if (job.status !== "error") throw new Error(`${method} ${path}: job ${job.jobId} ended ${job.status}`);
    if (typeof detail === "string" ? job.detail !== detail : !detail.test(job.detail))
      throw new Error(`${method} ${path}: job failed with ${JSON.stringify(job.detail)}, not ${detail}`);
    return job;
  }

  /** Polls a job until success or error (job latency is 0 in most tests, so this is one or two reads). */
  async waitJob(jobId: string, region?: string, timeoutMs = 5000): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = await this.ok("GET", `/jobs/${jobId}`, { region });
      if (job.status !== "running") return job;
      if (Date.now() > deadline) throw new Error(`job ${jobId} still running`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /**
   * A create that must be accepted and whose job must succeed (`res` its answer); the record read back from
   * `collection/{id}`.
   */
  async created(res: Res, collection: string): Promise<any> {
    if (res.status !== 200) throw new Error(`create → ${res.status} ${JSON.stringify(res.body)}`);
    const job = await this.waitJob(res.body.jobId);
    if (job.status !== "success") throw new Error(`create job failed: ${job.detail}`);
    return this.ok("GET", `${collection}/${res.body.id}`);
  }

  /** The member instance ids of a load balancer at `path` (listLoadBalancerRuleInstances), sorted. */
  async memberIds(path: string): Promise<string[]> {
    const rows = (await this.ok("GET", `${path}/instances`)).loadbalancerruleinstance as { id: string }[];
    return rows.map((m) => m.id).sort();
  }

  async catalogue(region?: string): Promise<Catalogue> {
    const [zones, templates, offerings, diskOfferings, networkOfferings, vpcOfferings, isos] =
      await Promise.all(
        [
          "/zones",
          "/templates",
          "/offerings/compute",
          "/offerings/disk",
          "/offerings/network",
          "/offerings/vpc",
          "/isos",
        ].map((p) => this.ok<any[]>("GET", p, { region })),
      );
    return {
      zone: zones[0],
      zone2: zones[1],
      templates,
      template: templates.find((t) => t.minRootDiskSizeGb === 10) ?? templates[0],
      offering: offerings[0],
      offerings,
      diskOfferings,
      networkOfferings,
      vpcOffering: vpcOfferings[0],
      isos,
    };
  }

  /** Create an instance and wait for its deploy job; returns the instance as read back. */
  async instance(c: Catalogue, extra: Record<string, unknown> = {}, region?: string): Promise<any> {
    const created = await this.ok("POST", "/compute/instances", { region, body: instanceBody(c, extra) });
    const job = await this.waitJob(created.jobId, region);
    if (job.status !== "success") throw new Error(`deploy failed: ${job.detail}`);
    return this.ok("GET", `/compute/instances/${created.id}`, { region });
  }

  /** A VPC of `cidr` in the catalogue's zone, its create job waited for; the VPC as read back. */
  async vpc(c: Catalogue, cidr: string, name = "v"): Promise<any> {
    const body = { name, displayText: name, zoneId: c.zone.id, cidr, vpcOfferingId: c.vpcOffering.id };
    const res = await this.ok("POST", "/vpcs", { body });
    await this.waitJob(res.jobId);
    return this.ok("GET", `/vpcs/${res.id}`);
  }

  /**
   * A network in the catalogue's zone, its create job waited for; its id. Isolated (the first offering not for
   * VPCs), or with `tier` a /24 tier of a VPC whose gateway is `tier.gateway` (the first VPC-tier offering unless
   * `tier.internalLb` picks by the Internal load-balancing scheme).
   */
  async network(
    c: Catalogue,
    name: string,
    tier?: { vpcId: string; gateway: string; internalLb?: boolean },
  ): Promise<string> {
    const offering = tier
      ? c.networkOfferings.find(
          (o) => o.forVpc && (tier.internalLb === undefined || o.internalLb === tier.internalLb),
        )
      : c.networkOfferings.find((o) => !o.forVpc);
    const where = tier ? { vpcId: tier.vpcId, gateway: tier.gateway, netmask: "255.255.255.0" } : {};
    const body = { name, displayText: name, zoneId: c.zone.id, networkOfferingId: offering.id, ...where };
    const res = await this.ok("POST", "/networks", { body });
    await this.waitJob(res.jobId);
    return res.id as string;
  }

  /** Puts an instance under the zone's first backup offering (waits for the job); returns the offering. */
  async assignBackupOffering(vm: { id: string; zoneId: string }, region?: string): Promise<any> {
    const [offering] = await this.ok<any[]>("GET", "/offerings/backup", {
      region,
      query: { zoneId: vm.zoneId },
    });
    const res = await this.ok("POST", `/compute/instances/${vm.id}/backup-offering`, {
      region,
      query: { backupOfferingId: offering.id },
    });
    const job = await this.waitJob(res.jobId, region);
    if (job.status !== "success") throw new Error(`assign failed: ${job.detail}`);
    return offering;
  }

  close() {
    return this.emu.close();
  }
}

/** The body of an instance create of the catalogue's template and offering in its first zone, with `extra`. */
export function instanceBody(c: Catalogue, extra: Record<string, unknown> = {}) {
  return { zoneId: c.zone.id, templateId: c.template.id, serviceOfferingId: c.offering.id, ...extra };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Local server time without offset: yyyy-MM-ddTHH:mm:ss.SSS. */
export const LOCAL_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/;

export function expectErrorBody(body: any) {
  return (
    typeof body?.message === "string" &&
    typeof body?.detail === "string" &&
    typeof body?.timestamp === "string" &&
    LOCAL_TIMESTAMP.test(body.timestamp)
  );
}
