// Mutations are never retried blindly. A lost answer (reset, timeout, 5xx, unreadable 2xx) is resolved from
// GET /jobs?hoursBack= first: a matching job is adopted, a retry happens only when none exists. Synchronous
// mutations re-read state. Also: query-parameter routes, typed bodies, region and tenant headers.
// The mock servers keep time as a real one may: their clock 5 minutes behind ours, their local time that of
// UTC−10, written without offset in job records and error bodies.
import { describe, expect, it } from "vitest";
import {
  BadRequestError,
  type CimClientOptions,
  ConfigurationError,
  MutationOutcomeUnknownError,
} from "../../provider/client";
import { isTenantPath } from "../../provider/client/paths";
import { backupScheduleRequest, sameSchedule } from "../../provider/families/backupSchedules/client";
import { createInstanceBody } from "../../provider/families/instances/client";
import { createNetworkRequest } from "../../provider/families/networks/client";
import { clientAt, json, mockClient, REGION_A, REGION_B, useServers } from "./helpers";
import { type RawCall, resetMidResponse, sendJson } from "./rawServer";

const { origin, server } = useServers();
const clientFor = (url: string, extra: Partial<CimClientOptions> = {}) =>
  clientAt(url, { region: REGION_A, recovery: { graceMs: 20 }, ...extra });

const jobsPage = (jobs: object[]) => ({
  jobs,
  count: jobs.length,
  totalElements: jobs.length,
  page: 1,
  currentPage: 1,
});
const isJobsList = (c: RawCall) => c.method === "GET" && c.url.startsWith("/api/v1/jobs?");
const isJobRead = (c: RawCall) => c.method === "GET" && /^\/api\/v1\/jobs\/[^/?]+$/.test(c.url);
/**
 * The server's local time, `agoMs` ago, as it writes it (no offset): by default a server at UTC−10 whose clock
 * is 5 minutes behind ours.
 */
const serverLocal = (agoMs = 0, zone = { utcOffsetHours: -10, skewMs: -5 * 60_000 }) =>
  new Date(Date.now() + zone.skewMs + zone.utcOffsetHours * 3_600_000 - agoMs).toISOString().slice(0, 23);
/** A 404 as the spec's API answers it: the error body with the server's local time. */
const notFound = (res: Parameters<typeof sendJson>[0]) =>
  sendJson(res, 404, { message: "not found", timestamp: serverLocal(), detail: "uri=/api/v1" });
const posts = (calls: RawCall[], path: string) =>
  calls.filter((c) => c.method === "POST" && c.url.startsWith(path));

describe("lost answers of asynchronous mutations", () => {
  it("adopts the job when the connection resets after the request landed", async () => {
    const jobs: object[] = [];
    const s = await server((c, res) => {
      if (c.method === "POST") {
        jobs.push({
          jobId: "j-1",
          status: "running",
          command: "stopVirtualMachine",
          resourceId: "vm-1",
          created: serverLocal(),
        });
        return resetMidResponse(res);
      }
      if (isJobsList(c)) return sendJson(res, 200, jobsPage(jobs));
      notFound(res);
    });
    const got = await clientFor(s.url).instances.stop("vm-1");
    expect(got).toEqual({ jobId: "j-1", id: "vm-1", region: REGION_A, adopted: true });
    expect(posts(s.calls, "/api/v1/compute/instances/vm-1/stop")).toHaveLength(1);
    const lookup = s.calls.find(isJobsList)!;
    expect(lookup.url).toMatch(/hoursBack=1/);
    expect(lookup.headers["x-region-context"]).toBe(REGION_A);
  });

  it("adopts the job when the request times out after landing (no duplicate)", async () => {
    const jobs: object[] = [];
    const s = await server((c, res) => {
      if (c.method === "POST") {
        jobs.push({
          jobId: "j-2",
          status: "running",
          command: "createVolume",
          resourceId: "vol-9",
          resourceName: "data",
          created: serverLocal(),
        });
        return; // never answers
      }
      if (isJobsList(c)) return sendJson(res, 200, jobsPage(jobs));
      notFound(res);
    });
    const got = await clientFor(s.url, { timeoutMs: 100 }).volumes.create({
      name: "data",
      zoneId: "z1",
      diskOfferingId: "d1",
      size: 10,
    });
    expect(got).toMatchObject({ jobId: "j-2", id: "vol-9", adopted: true });
    expect(posts(s.calls, "/api/v1/volumes")).toHaveLength(1);
  });

  it("a create sent again after a timeout and refused as a conflict adopts the first attempt's job: the API performed it late, and it took the name", async () => {
    // The first deploy is held (no answer) and its job does not exist while the client looks; the API performs it
    // as the second arrives, which it refuses: the name is taken, by the first attempt's instance.
    const jobs: object[] = [];
    const s = await server((c, res) => {
      if (c.method === "POST" && c.url === "/api/v1/compute/instances") {
        if (posts(s.calls, "/api/v1/compute/instances").length === 1) return; // never answers
        jobs.push({
          jobId: "j-first",
          status: "running",
          command: "deployVirtualMachine",
          resourceId: "vm-first",
          resourceName: "web",
          created: serverLocal(),
        });
        return sendJson(res, 409, {
          message: "An instance named web already exists",
          timestamp: serverLocal(),
        });
      }
      if (isJobsList(c)) return sendJson(res, 200, jobsPage(jobs));
      if (c.method === "GET" && c.url === "/api/v1/compute/instances/vm-first")
        return sendJson(res, 200, { id: "vm-first", name: "web", state: "Starting" });
      notFound(res);
    });
    const got = await clientFor(s.url, {
      timeoutMs: 100,
      retry: { baseDelayMs: 1, maxDelayMs: 5 },
    }).instances.create({ name: "web", zoneId: "z1", templateId: "t1", serviceOfferingId: "o1" });
    expect(got).toMatchObject({ jobId: "j-first", id: "vm-first", adopted: true });
    expect(posts(s.calls, "/api/v1/compute/instances")).toHaveLength(2);
  });

  it("a synchronous create sent again after a timeout and refused as a conflict takes what the first attempt made", async () => {
    const groups: object[] = [];
    const s = await server((c, res) => {
      if (c.method === "POST" && c.url === "/api/v1/multi-regions") {
        if (posts(s.calls, "/api/v1/multi-regions").length === 1) return; // never answers
        groups.push({ id: "g-first", name: "mesh", state: "Enabled" });
        return sendJson(res, 409, {
          message: "A multi-region group named mesh exists",
          timestamp: serverLocal(),
        });
      }
      if (c.method === "GET" && c.url.startsWith("/api/v1/multi-regions?"))
        return sendJson(res, 200, { content: groups, totalElements: groups.length, page: 1, pageSize: 20 });
      notFound(res);
    });
    const got = await clientFor(s.url, {
      timeoutMs: 100,
      retry: { baseDelayMs: 1, maxDelayMs: 5 },
    }).multiRegions.create({ name: "mesh" });
    expect(got).toMatchObject({ id: "g-first" });
    expect(posts(s.calls, "/api/v1/multi-regions")).toHaveLength(2);
  });

  it("a conflict that is not the first attempt's stands", async () => {
    const s = await server((c, res) => {
      if (c.method === "POST") {
        if (posts(s.calls, "/api/v1/multi-regions").length === 1) return; // never answers
        return sendJson(res, 409, {
          message: "A multi-region group named mesh exists",
          timestamp: serverLocal(),
        });
      }
      if (c.method === "GET" && c.url.startsWith("/api/v1/multi-regions?"))
        return sendJson(res, 200, { content: [], totalElements: 0, page: 1, pageSize: 20 });
      notFound(res);
    });
    const err = await clientFor(s.url, { timeoutMs: 100, retry: { baseDelayMs: 1, maxDelayMs: 5 } })
      .multiRegions.create({ name: "mesh" })
      .catch((e) => e);
    expect(err.status).toBe(409);
  });

  it("ignores jobs of another command, another resource, another name or from before the request", async () => {
    const old = serverLocal(10 * 60_000);
    const now = () => serverLocal();
    const s = await server((c, res) => {
      if (c.method === "POST" && posts(s.calls, "/api/v1/volumes").length === 1) return res.socket?.destroy();
      if (c.method === "POST") return sendJson(res, 200, { jobId: "j-new", id: "vol-new" });
      if (isJobsList(c)) {
        return sendJson(
          res,
          200,
          jobsPage([
            {
              jobId: "a",
              status: "success",
              command: "createVolume",
              resourceId: "v-old",
              resourceName: "data",
              created: old,
            },
            { jobId: "b", status: "running", command: "deleteVolume", resourceId: "v-x", created: now() },
            {
              jobId: "c",
              status: "running",
              command: "createVolume",
              resourceId: "v-y",
              resourceName: "other",
              created: now(),
            },
          ]),
        );
      }
      notFound(res);
    });
    const got = await clientFor(s.url).volumes.create({ name: "data", zoneId: "z1", diskOfferingId: "d1" });
    expect(got).toEqual({ jobId: "j-new", id: "vol-new", region: REGION_A });
    expect(posts(s.calls, "/api/v1/volumes")).toHaveLength(2);
  });

  it("a create held in flight adopts its own job, not the same name's create of seconds before it (a replacement)", async () => {
    // The record being replaced was created 4 s before, under the same name, within the clocks' tolerance. The
    // new request is held past the client's timeout and lands 400 ms after it was sent: after the first look.
    const jobs: object[] = [
      {
        jobId: "j-held-old",
        status: "success",
        command: "createVolume",
        resourceId: "vol-held-old",
        resourceName: "data",
        created: serverLocal(4_000),
      },
    ];
    const s = await server((c, res) => {
      if (c.method === "POST") {
        setTimeout(() => {
          jobs.push({
            jobId: "j-held-new",
            status: "running",
            command: "createVolume",
            resourceId: "vol-held-new",
            resourceName: "data",
            created: serverLocal(),
          });
        }, 400);
        return; // never answers
      }
      if (isJobsList(c)) return sendJson(res, 200, jobsPage(jobs));
      // the record being replaced is still there, under the same name
      if (c.url.startsWith("/api/v1/volumes/vol-held-old"))
        return sendJson(res, 200, { id: "vol-held-old", name: "data" });
      notFound(res);
    });
    const got = await clientFor(s.url, { timeoutMs: 100, recovery: { graceMs: 800 } }).volumes.create({
      name: "data",
      zoneId: "z1",
      diskOfferingId: "d1",
      size: 10,
    });
    expect(got).toMatchObject({ jobId: "j-held-new", id: "vol-held-new", adopted: true });
    expect(posts(s.calls, "/api/v1/volumes")).toHaveLength(1);
  });

  // The server's zone changed an hour east since the older jobs were written (as a DST change does): their local
  // times now look 55 minutes newer than the request, so time cannot rule them out.
  const beforeZoneChange = (agoMs: number) => serverLocal(agoMs, { utcOffsetHours: -9, skewMs: -5 * 60_000 });

  it("a same-name create that never landed does not adopt the older record's job, even one that looks newer", async () => {
    const oldJob = {
      jobId: "j-n22-old",
      status: "success",
      command: "createNetwork",
      resourceId: "net-old",
      resourceName: "n22",
      created: beforeZoneChange(5 * 60_000),
    };
    const jobs: object[] = [oldJob];
    const s = await server((c, res) => {
      if (c.method === "POST" && c.url.startsWith("/api/v1/networks")) {
        const body = JSON.parse(c.body ?? "{}");
        if (body.gateway === "10.195.143.1" && posts(s.calls, "/api/v1/networks").length === 1)
          return res.socket?.destroy(); // dropped before it reached the platform
        const n = posts(s.calls, "/api/v1/networks").length;
        const job = {
          jobId: `j-n22-${n}`,
          status: "running",
          command: "createNetwork",
          resourceId: `net-${n}`,
        };
        jobs.push({ ...job, resourceName: body.name, created: serverLocal() });
        records[`net-${n}`] = { id: `net-${n}`, name: body.name, gateway: body.gateway, vpcId: body.vpcId };
        // the second request of the test lands, and its answer is lost
        if (body.gateway === "10.195.7.1") return resetMidResponse(res);
        return sendJson(res, 200, { jobId: job.jobId, id: job.resourceId });
      }
      if (isJobsList(c)) return sendJson(res, 200, jobsPage(jobs));
      const id = /^\/api\/v1\/networks\/([^/?]+)$/.exec(c.url)?.[1];
      if (id && records[id]) return sendJson(res, 200, records[id]);
      notFound(res);
    });
    // the tier being replaced, same name, its old gateway; still there (create-before-delete)
    const records: Record<string, object> = {
      "net-old": {
        id: "net-old",
        name: "n22",
        gateway: "10.195.222.1",
        netmask: "255.255.255.0",
        vpcId: "v1",
      },
    };
    const tier = { name: "n22", displayText: "n22", zoneId: "z1", networkOfferingId: "no", vpcId: "v1" };
    const client = clientFor(s.url);
    const got = await client.networks.create({ ...tier, gateway: "10.195.143.1", netmask: "255.255.255.0" });
    expect(got).toEqual({ jobId: "j-n22-2", id: "net-2", region: REGION_A });
    expect(posts(s.calls, "/api/v1/networks")).toHaveLength(2);
    // A request that did land is still resolved to its own job: its record shows what it asked.
    const landed = await client.networks.create({ ...tier, gateway: "10.195.7.1", netmask: "255.255.255.0" });
    expect(landed).toMatchObject({ jobId: "j-n22-3", id: "net-3", adopted: true });
    expect(posts(s.calls, "/api/v1/networks")).toHaveLength(3);
  });

  it("a VPC replaced for its networkDomain: a create that never landed does not adopt the old VPC's job", async () => {
    const jobs: object[] = [
      {
        jobId: "j-v20-old",
        status: "success",
        command: "createVPC",
        resourceId: "vpc-old",
        resourceName: "v20",
        created: beforeZoneChange(5 * 60_000),
      },
    ];
    const records: Record<string, object> = {
      "vpc-old": {
        id: "vpc-old",
        name: "v20",
        zoneId: "z1",
        cidr: "10.20.0.0/16",
        networkDomain: "old.internal",
      },
    };
    const s = await server((c, res) => {
      if (c.method === "POST" && c.url.startsWith("/api/v1/vpcs")) {
        const n = posts(s.calls, "/api/v1/vpcs").length;
        if (n === 1) return res.socket?.destroy(); // dropped before it reached the platform
        const body = JSON.parse(c.body ?? "{}");
        jobs.push({
          jobId: `j-v20-${n}`,
          status: "running",
          command: "createVPC",
          resourceId: `vpc-${n}`,
          resourceName: body.name,
          created: serverLocal(),
        });
        records[`vpc-${n}`] = {
          id: `vpc-${n}`,
          name: body.name,
          zoneId: body.zoneId,
          cidr: body.cidr,
          networkDomain: body.networkDomain,
        };
        return sendJson(res, 200, { jobId: `j-v20-${n}`, id: `vpc-${n}` });
      }
      if (isJobsList(c)) return sendJson(res, 200, jobsPage(jobs));
      const id = /^\/api\/v1\/vpcs\/([^/?]+)$/.exec(c.url)?.[1];
      if (id && records[id]) return sendJson(res, 200, records[id]);
      notFound(res);
    });
    const got = await clientFor(s.url).vpcs.create({
      name: "v20",
      displayText: "v20",
      zoneId: "z1",
      cidr: "10.20.0.0/16",
      vpcOfferingId: "vo",
      networkDomain: "new.internal",
    });
    expect(got).toEqual({ jobId: "j-v20-2", id: "vpc-2", region: REGION_A });
    expect(posts(s.calls, "/api/v1/vpcs")).toHaveLength(2);
  });

  it("an acquire that never landed does not adopt an older acquire whose address is released or elsewhere", async () => {
    const jobs: object[] = [
      // released since: its address reads 404
      { jobId: "j-ip-released", status: "success", command: "associateIpAddress", resourceId: "ip-released" },
      // still held, for another network
      { jobId: "j-ip-other", status: "success", command: "associateIpAddress", resourceId: "ip-other" },
    ].map((j, i) => ({ ...j, created: beforeZoneChange(60_000 * (i + 1)) }));
    const records: Record<string, object> = {
      "ip-other": {
        id: "ip-other",
        ipAddress: "203.0.113.9",
        associatedNetworkId: "net-other",
        zoneId: "z1",
      },
    };
    const s = await server((c, res) => {
      if (c.method === "POST" && c.url === "/api/v1/public-ips") {
        const n = posts(s.calls, "/api/v1/public-ips").length;
        if (n === 1) return res.socket?.destroy(); // dropped before it reached the platform
        jobs.push({
          jobId: `j-ip-${n}`,
          status: "success",
          command: "associateIpAddress",
          resourceId: `ip-${n}`,
          created: serverLocal(),
        });
        records[`ip-${n}`] = { id: `ip-${n}`, associatedNetworkId: "net-1", zoneId: "z1" };
        if (n === 3) return resetMidResponse(res); // landed, answer lost
        return sendJson(res, 200, { jobId: `j-ip-${n}`, id: `ip-${n}` });
      }
      if (isJobsList(c)) return sendJson(res, 200, jobsPage(jobs));
      const id = /^\/api\/v1\/public-ips\/([^/?]+)$/.exec(c.url)?.[1];
      if (id && records[id]) return sendJson(res, 200, records[id]);
      notFound(res);
    });
    const client = clientFor(s.url);
    const got = await client.publicIps.acquire({ networkId: "net-1", zoneId: "z1" });
    expect(got).toEqual({ jobId: "j-ip-2", id: "ip-2", region: REGION_A });
    expect(posts(s.calls, "/api/v1/public-ips")).toHaveLength(2);
    // One that landed adopts its own job (the one before it is already this process's).
    const landed = await client.publicIps.acquire({ networkId: "net-1", zoneId: "z1" });
    expect(landed).toMatchObject({ jobId: "j-ip-3", id: "ip-3", adopted: true });
    expect(posts(s.calls, "/api/v1/public-ips")).toHaveLength(3);
  });

  // An earlier acquire, its address still held on the same network, whose job's time a server clock changed since
  // moves: 7 minutes ahead when it was written and set right since (it reads later than now), or stepped so that
  // it reads as this very moment (time alone cannot tell it from this request's job; it was listed before the
  // request was sent).
  const heldBefore = [
    {
      when: "written while the server's clock was ahead",
      created: (
        (t) => () =>
          t
      )(serverLocal(-7 * 60_000)),
    },
    { when: "whose time reads as now (the clock stepped since)", created: () => serverLocal() },
  ];
  it.each(heldBefore)(
    "an acquire answered 503 does not adopt an earlier acquire $when",
    async ({ created }) => {
      const held = {
        jobId: "j-ip-held",
        status: "success",
        command: "associateIpAddress",
        resourceId: "ip-held",
      };
      const jobs: object[] = [];
      const records: Record<string, object> = {
        "ip-held": { id: "ip-held", associatedNetworkId: "net-1", zoneId: "z1" },
      };
      const s = await server((c, res) => {
        if (c.method === "POST" && c.url === "/api/v1/public-ips") {
          const n = posts(s.calls, "/api/v1/public-ips").length;
          if (n === 1) return sendJson(res, 503, { message: "unavailable", timestamp: serverLocal() });
          jobs.push({
            jobId: `j-ip-${n}`,
            status: "success",
            command: "associateIpAddress",
            resourceId: `ip-${n}`,
            created: serverLocal(),
          });
          records[`ip-${n}`] = { id: `ip-${n}`, associatedNetworkId: "net-1", zoneId: "z1" };
          return sendJson(res, 200, { jobId: `j-ip-${n}`, id: `ip-${n}` });
        }
        if (isJobsList(c)) return sendJson(res, 200, jobsPage([{ ...held, created: created() }, ...jobs]));
        const id = /^\/api\/v1\/public-ips\/([^/?]+)$/.exec(c.url)?.[1];
        if (id && records[id]) return sendJson(res, 200, records[id]);
        notFound(res);
      });
      const got = await clientFor(s.url, { retry: { baseDelayMs: 1, maxDelayMs: 5 } }).publicIps.acquire({
        networkId: "net-1",
        zoneId: "z1",
      });
      const { earlier, ...accepted } = got;
      expect(accepted).toEqual({ jobId: "j-ip-2", id: "ip-2", region: REGION_A });
      expect(posts(s.calls, "/api/v1/public-ips")).toHaveLength(2);
      // Sent again after a 503, which may have been a gateway's while the first was still held: the resend looks
      // for the first attempt's job once more, and the earlier acquire is not taken for it either.
      expect(await earlier?.()).toEqual([]);
    },
  );

  const replacements: {
    what: string;
    path: string;
    command: string;
    kept: object;
    was: object;
    now: object;
    create: (c: ReturnType<typeof clientFor>) => Promise<{ jobId?: string; id?: string }>;
  }[] = [
    {
      // soak seed 84, round 6: the balancer it replaced, created seconds before, on another tier and port
      what: "an internal load balancer (its tier and ports)",
      path: "/api/v1/loadbalancer/internal",
      command: "createLoadBalancer",
      kept: { name: "db", sourcePort: "5432" },
      was: { networkId: "tier-old", instancePort: "5670" },
      now: { networkId: "tier-new", instancePort: "960" },
      create: (c) =>
        c.internalLoadBalancers.create({
          name: "db",
          networkId: "tier-new",
          sourcePort: 5432,
          instancePort: 960,
          algorithm: "roundrobin",
        }),
    },
    {
      what: "a VPC (its offering)",
      path: "/api/v1/vpcs",
      command: "createVPC",
      kept: { name: "core", zoneId: "z-1", cidr: "10.1.0.0/16", networkDomain: "cim.internal" },
      was: { vpcOfferingId: "vo-default" },
      now: { vpcOfferingId: "vo-redundant" },
      create: (c) =>
        c.vpcs.create({
          name: "core",
          displayText: "core",
          zoneId: "z-1",
          cidr: "10.1.0.0/16",
          vpcOfferingId: "vo-redundant",
        }),
    },
    {
      what: "a network (its DNS domain)",
      path: "/api/v1/networks",
      command: "createNetwork",
      kept: { name: "web", zoneId: "z-1", networkOfferingId: "no-1" },
      was: { networkDomain: "old.internal" },
      now: { networkDomain: "web.internal" },
      create: (c) =>
        c.networks.create({
          name: "web",
          displayText: "web",
          zoneId: "z-1",
          networkOfferingId: "no-1",
          networkDomain: "web.internal",
        }),
    },
    {
      what: "a backup (its description)",
      path: "/api/v1/backups",
      command: "createBackup",
      kept: { name: "nightly", virtualMachineId: "vm-1" },
      was: { description: "before the upgrade" },
      now: { description: "after the upgrade" },
      create: (c) => c.backups.create({ vmId: "vm-1", name: "nightly", description: "after the upgrade" }),
    },
    {
      what: "a load-balancer rule (its protocol)",
      path: "/api/v1/loadbalancer/rules",
      command: "createLoadBalancerRule",
      kept: { name: "web", publicIpId: "ip-1", publicPort: 80, privatePort: 8080, networkId: "net-1" },
      was: { protocol: "tcp" },
      now: { protocol: "udp" },
      create: (c) =>
        c.loadBalancers.create({
          name: "web",
          publicIpId: "ip-1",
          publicPort: 80,
          privatePort: 8080,
          protocol: "udp",
          algorithm: "roundrobin",
          networkId: "net-1",
        }),
    },
    {
      what: "a private gateway (its VLAN)",
      path: "/api/v1/vpcs/private-gateways",
      command: "createPrivateGateway",
      kept: { vpcId: "vpc-1", ipAddress: "192.168.5.2", gateway: "192.168.5.1", netmask: "255.255.255.0" },
      was: { vlan: "100" },
      now: { vlan: "200" },
      create: (c) =>
        c.privateGateways.create({
          vpcId: "vpc-1",
          ipAddress: "192.168.5.2",
          gateway: "192.168.5.1",
          netmask: "255.255.255.0",
          vlan: 200,
        }),
    },
    {
      what: "a template (its zone)",
      path: "/api/v1/templates",
      command: "registerTemplate",
      kept: {
        name: "golden",
        url: "https://images.example.com/golden.qcow2",
        format: "QCOW2",
        hypervisor: "KVM",
      },
      was: { zoneId: "z-1" },
      now: { zoneId: "z-2" },
      create: (c) =>
        c.templates.register({
          name: "golden",
          url: "https://images.example.com/golden.qcow2",
          zoneId: "z-2",
          format: "qcow2",
          hypervisor: "kvm",
        }),
    },
    {
      what: "a template (its hypervisor)",
      path: "/api/v1/templates",
      command: "registerTemplate",
      kept: { name: "golden", url: "https://images.example.com/golden.ova", zoneId: "z-1", format: "OVA" },
      was: { hypervisor: "VMware" },
      now: { hypervisor: "XenServer" },
      create: (c) =>
        c.templates.register({
          name: "golden",
          url: "https://images.example.com/golden.ova",
          zoneId: "z-1",
          format: "OVA",
          hypervisor: "XenServer",
        }),
    },
    {
      what: "an ISO (its zone)",
      path: "/api/v1/isos",
      command: "registerIso",
      kept: { name: "rescue", url: "https://images.example.com/rescue.iso" },
      was: { zoneId: "z-1" },
      now: { zoneId: "z-2" },
      create: (c) =>
        c.isos.register({ name: "rescue", url: "https://images.example.com/rescue.iso", zoneId: "z-2" }),
    },
  ];

  it.each(replacements)(
    "$what: a replacement's create answered 502 before any work does not adopt the one it replaces",
    async ({ what, path, command, kept, was, now, create }) => {
      // Job ids are claimed once per process (recovery.ts): each case has its own.
      const j = `j-${what.replace(/\W+/g, "-")}`;
      const jobs: object[] = [
        { jobId: `${j}old`, status: "success", command, resourceId: "r-old", created: serverLocal(3_000) },
      ];
      const records: Record<string, object> = { "r-old": { id: "r-old", ...kept, ...was } };
      const creates = () =>
        posts(s.calls, path).filter((p) => p.url === path || p.url.startsWith(`${path}?`));
      const s = await server((c, res) => {
        if (c.method === "POST" && (c.url === path || c.url.startsWith(`${path}?`))) {
          const n = creates().length;
          if (n === 1) return sendJson(res, 502, { message: "bad gateway", timestamp: serverLocal() });
          const job = { jobId: `${j}${n}`, status: "success", command, resourceId: `r-${n}` };
          jobs.push({ ...job, created: serverLocal() });
          records[`r-${n}`] = { id: `r-${n}`, ...kept, ...now };
          return sendJson(res, 200, { jobId: `${j}${n}`, id: `r-${n}` });
        }
        if (isJobsList(c)) return sendJson(res, 200, jobsPage(jobs));
        const id =
          c.method === "GET" && c.url.startsWith(`${path}/`) ? c.url.slice(path.length + 1) : undefined;
        if (id && records[id]) return sendJson(res, 200, records[id]);
        notFound(res);
      });
      const got = await create(clientFor(s.url, { retry: { baseDelayMs: 1, maxDelayMs: 5 } }));
      expect(got).toMatchObject({ jobId: `${j}2`, id: "r-2" });
      expect(creates()).toHaveLength(2);
    },
  );

  it.each(replacements)(
    "$what: a create that landed is adopted, though its record writes what was sent in its own way",
    async ({ what, path, command, kept, now, create }) => {
      // The records show text in the API's case and the VLAN as text: what the request sent, all the same.
      const j = `j-landed-${what.replace(/\W+/g, "-")}`;
      const jobs: object[] = [];
      const records: Record<string, object> = {};
      const s = await server((c, res) => {
        if (c.method === "POST" && (c.url === path || c.url.startsWith(`${path}?`))) {
          jobs.push({ jobId: j, status: "success", command, resourceId: "r-1", created: serverLocal() });
          records["r-1"] = { id: "r-1", ...kept, ...now };
          return resetMidResponse(res);
        }
        if (isJobsList(c)) return sendJson(res, 200, jobsPage(jobs));
        const id =
          c.method === "GET" && c.url.startsWith(`${path}/`) ? c.url.slice(path.length + 1) : undefined;
        if (id && records[id]) return sendJson(res, 200, records[id]);
        notFound(res);
      });
      const got = await create(clientFor(s.url, { retry: { baseDelayMs: 1, maxDelayMs: 5 } }));
      expect(got).toMatchObject({ jobId: j, id: "r-1", adopted: true });
      expect(posts(s.calls, path).filter((p) => p.url === path || p.url.startsWith(`${path}?`))).toHaveLength(
        1,
      );
    },
  );

  it("two acquires at once for one network, one answered 503: each ends with an address of its own", async () => {
    const jobs: object[] = [];
    const records: Record<string, object> = {};
    let landed = 0;
    const s = await server((c, res) => {
      if (c.method === "POST" && c.url === "/api/v1/public-ips") {
        // The first to arrive is refused before any work; the other lands at once and its answer is slow, so
        // the refused one's lookup lists the other's job before that job's answer is in.
        if (posts(s.calls, "/api/v1/public-ips").length === 1)
          return sendJson(res, 503, { message: "unavailable", timestamp: serverLocal() });
        const n = ++landed;
        jobs.push({
          jobId: `j-ip-${n}`,
          status: "success",
          command: "associateIpAddress",
          resourceId: `ip-${n}`,
          created: serverLocal(),
        });
        records[`ip-${n}`] = { id: `ip-${n}`, associatedNetworkId: "net-1", zoneId: "z1" };
        const answer = () => sendJson(res, 200, { jobId: `j-ip-${n}`, id: `ip-${n}` });
        return n === 1 ? void setTimeout(answer, 400) : answer();
      }
      if (isJobsList(c)) return sendJson(res, 200, jobsPage(jobs));
      const id = /^\/api\/v1\/public-ips\/([^/?]+)$/.exec(c.url)?.[1];
      if (id && records[id]) return sendJson(res, 200, records[id]);
      notFound(res);
    });
    const client = clientFor(s.url, { retry: { baseDelayMs: 1, maxDelayMs: 5 } });
    const [a, b] = await Promise.all([
      client.publicIps.acquire({ networkId: "net-1", zoneId: "z1" }),
      client.publicIps.acquire({ networkId: "net-1", zoneId: "z1" }),
    ]);
    expect(new Set([a.id, b.id])).toEqual(new Set(["ip-1", "ip-2"]));
    expect(posts(s.calls, "/api/v1/public-ips")).toHaveLength(3);
  });

  it("retries when no job exists (the request never reached the platform)", async () => {
    const s = await server((c, res) => {
      if (c.method === "POST")
        return posts(s.calls, "/api/v1").length === 1
          ? sendJson(res, 502, { message: "bad gateway" })
          : sendJson(res, 200, { jobId: "j-3", id: "vm-1" });
      if (isJobsList(c)) return sendJson(res, 200, jobsPage([]));
      notFound(res);
    });
    const got = await clientFor(s.url).instances.start("vm-1");
    expect(got).toEqual({ jobId: "j-3", id: "vm-1", region: REGION_A });
    expect(posts(s.calls, "/api/v1/compute/instances/vm-1/start")).toHaveLength(2);
    // 502 may still be in flight: two looks (the second after the grace period) before retrying.
    expect(s.calls.filter(isJobsList)).toHaveLength(2);
  });

  it("reads the job list before concluding on an unreadable 2xx body", async () => {
    const jobs: object[] = [];
    const s = await server((c, res) => {
      if (c.method === "DELETE") {
        jobs.push({
          jobId: "j-4",
          status: "running",
          command: "deleteVPC",
          resourceId: "vpc-1",
          created: serverLocal(),
        });
        res.writeHead(200, { "content-type": "application/json" });
        return res.end("{oops");
      }
      if (isJobsList(c)) return sendJson(res, 200, jobsPage(jobs));
      notFound(res);
    });
    expect(await clientFor(s.url).vpcs.delete("vpc-1")).toMatchObject({ jobId: "j-4", adopted: true });
    expect(s.calls.filter((c) => c.method === "DELETE")).toHaveLength(1);
  });

  it("never resends after an unreadable 2xx even when no job is found (it was accepted)", async () => {
    const s = await server((c, res) => {
      if (c.method === "DELETE") {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end("<html>");
      }
      if (isJobsList(c)) return sendJson(res, 200, jobsPage([]));
      notFound(res);
    });
    // an asynchronous delete (a VPC's): its recovery looks for a job
    const err = await clientFor(s.url)
      .vpcs.delete("vpc-1")
      .catch((e) => e);
    expect(err.name).toBe("InvalidResponseError");
    expect(s.calls.filter((c) => c.method === "DELETE")).toHaveLength(1);
  });

  it("does not retry when the job lookup itself fails: the outcome is unknown", async () => {
    const s = await server((c, res) => {
      if (c.method === "POST") return resetMidResponse(res);
      sendJson(res, 500, { message: "jobs unavailable" });
    });
    const err = await clientFor(s.url)
      .networks.restart("net-1")
      .catch((e) => e);
    expect(err).toBeInstanceOf(MutationOutcomeUnknownError);
    expect(err.message).toMatch(/unknown whether the change landed/);
    expect(posts(s.calls, "/api/v1/networks")).toHaveLength(1);
  });

  it("a job list longer than it reads, its order not the newest first: found where read, else an unknown outcome, never a resend", async () => {
    // 1,200 older jobs of the window, listed oldest first in pages of 200, the lost request's job last
    const lost = (jobsBefore: number) => {
      const jobs: object[] = [];
      for (let i = 0; i < jobsBefore; i++)
        jobs.push({
          jobId: `old-${i}`,
          status: "success",
          command: "createVolume",
          resourceId: `v-${i}`,
          resourceName: `data-${i}`,
          created: serverLocal(3_000_000 - i),
        });
      return jobs;
    };
    const serve = (jobs: object[]) =>
      server((c, res) => {
        if (c.method === "POST") {
          jobs.push({
            jobId: `mine-${jobs.length}`, // a job id of its own per server: an adopted job is never adopted again
            status: "running",
            command: "createVolume",
            resourceId: "vol-new",
            resourceName: "data",
            created: serverLocal(),
          });
          return resetMidResponse(res);
        }
        if (isJobsList(c)) {
          const page = Number(new URL(c.url, "http://x").searchParams.get("page") ?? 1);
          return sendJson(res, 200, {
            jobs: jobs.slice((page - 1) * 200, page * 200),
            totalElements: jobs.length,
            page,
          });
        }
        if (c.url.startsWith("/api/v1/volumes/vol-new"))
          return sendJson(res, 200, { id: "vol-new", name: "data", state: "Allocated" });
        notFound(res);
      });
    const create = (url: string) =>
      clientAt(url, { region: REGION_A, recovery: { graceMs: 20, maxPages: 5 } })
        .volumes.create({ name: "data", zoneId: "z-1", diskOfferingId: "d-1" })
        .catch((e) => e);
    // the job on the eighth page, past the five read and the one read after them: nothing is sent again
    const far = await serve(lost(1_500));
    const unknown = await create(far.url);
    expect(unknown).toBeInstanceOf(MutationOutcomeUnknownError);
    expect(unknown.message).toMatch(
      /the answer was lost \(.*\) and no job of it is among the first 1200 jobs the platform lists for the window, and it lists more, so it is unknown whether the change landed/,
    );
    expect(posts(far.calls, "/api/v1/volumes")).toHaveLength(1);
    // on the fourth page, and on the sixth (the one read after the five): adopted
    for (const before of [700, 1_100]) {
      const near = await serve(lost(before));
      expect(await create(near.url)).toMatchObject({ jobId: `mine-${before}`, id: "vol-new", adopted: true });
      expect(posts(near.calls, "/api/v1/volumes")).toHaveLength(1);
    }
  });

  it("without the window's route, the most recent jobs: a full list newer than the send is an unknown outcome, one reaching back before it says the request did not land", async () => {
    // A platform that lists no time window (GET /jobs?hoursBack answers 404), only its most recent jobs.
    const serve = (opts: { land: boolean; othersAfter: number; olderBefore: number }) => {
      const jobs: object[] = []; // newest first
      for (let i = 0; i < opts.olderBefore; i++)
        jobs.push({
          jobId: `old-${i}`,
          status: "success",
          command: "createVolume",
          resourceId: `v-old-${i}`,
          resourceName: `old-${i}`,
          created: serverLocal(600_000 + i * 1_000),
        });
      let posted = 0;
      return server((c, res) => {
        if (c.method === "POST") {
          posted++;
          if (posted > 1) return sendJson(res, 200, { id: "vol-again", name: "data", jobId: "j-again" });
          if (opts.land)
            jobs.unshift({
              jobId: "mine",
              status: "running",
              command: "createVolume",
              resourceId: "vol-new",
              resourceName: "data",
              created: serverLocal(),
            });
          // other clients' jobs after it, newer
          for (let i = 0; i < opts.othersAfter; i++)
            jobs.unshift({
              jobId: `other-${i}`,
              status: "success",
              command: "createVolume",
              resourceId: `v-${i}`,
              resourceName: `other-${i}`,
              created: serverLocal(),
            });
          return resetMidResponse(res);
        }
        if (c.method === "GET" && c.url.startsWith("/api/v1/jobs/recent?")) {
          const limit = Number(new URL(c.url, "http://x").searchParams.get("limit"));
          return sendJson(res, 200, { jobs: jobs.slice(0, limit), count: Math.min(limit, jobs.length) });
        }
        if (c.url.startsWith("/api/v1/volumes/vol-new"))
          return sendJson(res, 200, { id: "vol-new", name: "data", state: "Allocated" });
        if (c.url.startsWith("/api/v1/jobs/j-again"))
          return sendJson(res, 200, { jobId: "j-again", status: "success", resourceId: "vol-again" });
        if (c.url.startsWith("/api/v1/volumes/vol-again"))
          return sendJson(res, 200, { id: "vol-again", name: "data", state: "Allocated" });
        notFound(res); // GET /jobs?hoursBack among them
      });
    };
    const create = (url: string) =>
      clientAt(url, { region: REGION_A, recovery: { graceMs: 20 } })
        .volumes.create({ name: "data", zoneId: "z-1", diskOfferingId: "d-1" })
        .catch((e) => e);
    // 200 jobs of other clients since the send fill the list: the request's own may be older than all of them
    const full = await serve({ land: true, othersAfter: 200, olderBefore: 0 });
    const unknown = await create(full.url);
    expect(unknown).toBeInstanceOf(MutationOutcomeUnknownError);
    expect(unknown.message).toMatch(/no job of it is among the first 200 jobs the platform lists/);
    expect(posts(full.calls, "/api/v1/volumes")).toHaveLength(1);
    // fewer since the send: its own is among them, adopted
    const some = await serve({ land: true, othersAfter: 150, olderBefore: 100 });
    expect(await create(some.url)).toMatchObject({ jobId: "mine", id: "vol-new", adopted: true });
    expect(posts(some.calls, "/api/v1/volumes")).toHaveLength(1);
    // not landed, the list full but reaching back before the send: sent again, once
    const notLanded = await serve({ land: false, othersAfter: 20, olderBefore: 300 });
    expect(await create(notLanded.url)).toMatchObject({ id: "vol-again" });
    expect(posts(notLanded.calls, "/api/v1/volumes")).toHaveLength(2);
  });

  it("matches lost creates by name, and never adopts one job twice", async () => {
    const jobs: object[] = [];
    const s = await server((c, res) => {
      if (c.method === "POST") {
        const n = jobs.length + 1;
        const name = c.body ? JSON.parse(c.body).name : undefined;
        const command = c.url.startsWith("/api/v1/vpcs") ? "createVPC" : "deployVirtualMachine";
        jobs.push({
          jobId: `j-c${n}`,
          status: "running",
          command,
          resourceId: `r-${n}`,
          resourceName: name,
          created: serverLocal(),
        });
        return resetMidResponse(res);
      }
      if (isJobsList(c)) return sendJson(res, 200, jobsPage(jobs));
      notFound(res);
    });
    const client = clientFor(s.url);
    const vpc = { displayText: "x", zoneId: "z", cidr: "10.0.0.0/16", vpcOfferingId: "o" };
    const [a, b] = await Promise.all([
      client.vpcs.create({ ...vpc, name: "a" }),
      client.vpcs.create({ ...vpc, name: "b" }),
    ]);
    const byName = Object.fromEntries(jobs.map((j: any) => [j.resourceName, j.jobId]));
    expect(a.jobId).toBe(byName.a);
    expect(b.jobId).toBe(byName.b);
    // Unnamed deploys can only be matched by command and time: each adopts a different job.
    const vm = { serviceOfferingId: "s", templateId: "t", zoneId: "z" };
    const [x, y] = await Promise.all([client.instances.create(vm), client.instances.create(vm)]);
    expect(x.adopted && y.adopted).toBe(true);
    expect(x.jobId).not.toBe(y.jobId);
    expect(posts(s.calls, "/api/v1/")).toHaveLength(4);
  });

  it("places jobs on the server's own timeline: east of UTC, a job of a minute ago is not the new one", async () => {
    // UTC+14, clock 5 minutes ahead: every job looks hours "in the future" to a reader of our clock.
    const east = { utcOffsetHours: 14, skewMs: 5 * 60_000 };
    const jobs: object[] = [
      { jobId: "j-east-old", status: "success", command: "deployVirtualMachine", resourceId: "vm-old" },
    ];
    Object.assign(jobs[0], { created: serverLocal(60_000, east) });
    const s = await server((c, res) => {
      if (c.method === "POST") {
        jobs.push({
          jobId: "j-east-new",
          status: "running",
          command: "deployVirtualMachine",
          resourceId: "vm-new",
          created: serverLocal(0, east),
        });
        return resetMidResponse(res);
      }
      if (isJobsList(c)) return sendJson(res, 200, jobsPage(jobs));
      sendJson(res, 404, { message: "not found", timestamp: serverLocal(0, east), detail: "" });
    });
    const got = await clientFor(s.url).instances.create({
      serviceOfferingId: "s",
      templateId: "t",
      zoneId: "z",
    });
    expect(got).toMatchObject({ jobId: "j-east-new", id: "vm-new", adopted: true });
    expect(posts(s.calls, "/api/v1/compute/instances")).toHaveLength(1);
  });

  it("takes the server's clock from the lost answer's own error body when it has one (no probe)", async () => {
    const jobs: object[] = [];
    const s = await server((c, res) => {
      if (c.method === "POST") {
        jobs.push({
          jobId: "j-5xx",
          status: "running",
          command: "deployVirtualMachine",
          resourceId: "vm-5",
          created: serverLocal(),
        });
        return sendJson(res, 500, { message: "internal", timestamp: serverLocal(), detail: "" });
      }
      if (isJobsList(c)) return sendJson(res, 200, jobsPage(jobs));
      notFound(res);
    });
    const got = await clientFor(s.url).instances.create({
      serviceOfferingId: "s",
      templateId: "t",
      zoneId: "z",
    });
    expect(got).toMatchObject({ jobId: "j-5xx", adopted: true });
    expect(s.calls.filter(isJobRead)).toHaveLength(0);
    expect(posts(s.calls, "/api/v1/compute/instances")).toHaveLength(1);
  });

  it("without any server time, matches by name only and never resends an unnamed create it cannot tie", async () => {
    const jobs: object[] = [];
    const s = await server((c, res) => {
      if (c.method === "POST") {
        const name = c.body ? JSON.parse(c.body).name : undefined;
        jobs.push({
          jobId: `j-untimed-${jobs.length + 1}`,
          status: "running",
          command: "deployVirtualMachine",
          resourceId: `vm-${jobs.length + 1}`,
          resourceName: name,
          created: serverLocal(),
        });
        return resetMidResponse(res);
      }
      if (isJobsList(c)) return sendJson(res, 200, jobsPage(jobs));
      sendJson(res, 404, { message: "not found" }); // no timestamp: no reading of the server's clock
    });
    const client = clientFor(s.url);
    const vm = { serviceOfferingId: "s", templateId: "t", zoneId: "z" };
    expect(await client.instances.create({ ...vm, name: "web" })).toMatchObject({
      jobId: "j-untimed-1",
      adopted: true,
    });
    const err = await client.instances.create(vm).catch((e) => e);
    expect(err).toBeInstanceOf(MutationOutcomeUnknownError);
    expect(err.message).toMatch(/gave no time to tell whether one of the 1 recent instance\.deploy job/);
    expect(posts(s.calls, "/api/v1/compute/instances")).toHaveLength(2);
  });

  it("retries a refused connection and a 429 without a lookup; never retries a 400", async () => {
    const o = origin();
    o.pool
      .intercept({ path: "/api/v1/compute/instances/vm-1/reboot", method: "POST" })
      .reply(429, { message: "slow" }, { headers: { "retry-after": "0" } });
    o.pool
      .intercept({ path: "/api/v1/compute/instances/vm-1/reboot", method: "POST" })
      .reply(200, { jobId: "j-5", id: "vm-1" }, json);
    o.pool
      .intercept({ path: "/api/v1/volumes?name=x&zoneId=z&diskOfferingId=d", method: "POST" })
      .reply(400, { message: "Required parameter 'size' is not present" });
    const { client } = mockClient(o.agent);
    expect(await client.instances.reboot("vm-1")).toMatchObject({ jobId: "j-5" });
    const err = await client.volumes.create({ name: "x", zoneId: "z", diskOfferingId: "d" }).catch((e) => e);
    expect(err).toBeInstanceOf(BadRequestError);
    expect(err.missingParameter).toBe("size");
    expect(o.calls().filter((c) => c.path.startsWith("/api/v1/jobs"))).toHaveLength(0);
    expect(o.calls()).toHaveLength(3);
  });
});

describe("lost answers of synchronous mutations", () => {
  it("re-reads the instance after a lost PUT and returns it when the change is there", async () => {
    const s = await server((c, res) => {
      if (c.method === "PUT") return sendJson(res, 503, { message: "unavailable" });
      sendJson(res, 200, { id: "vm-1", displayName: "web", deleteProtection: true });
    });
    const vm = await clientFor(s.url).instances.update("vm-1", {
      displayName: "web",
      deleteProtection: true,
    });
    expect(vm.displayName).toBe("web");
    expect(s.calls.filter((c) => c.method === "PUT")).toHaveLength(1);
  });

  it("reports an unknown outcome when the re-read itself fails", async () => {
    const s = await server((c, res) => {
      if (c.method === "PUT") return resetMidResponse(res);
      sendJson(res, 500, { message: "down" });
    });
    const err = await clientFor(s.url)
      .vpcs.update("vpc-1", { name: "x" })
      .catch((e) => e);
    expect(err).toBeInstanceOf(MutationOutcomeUnknownError);
    expect(s.calls.filter((c) => c.method === "PUT")).toHaveLength(1);
  });

  it("sends a tag change once more when the re-read shows it missing, and only once", async () => {
    const s = await server((c, res) => {
      if (c.method === "POST") return resetMidResponse(res);
      sendJson(res, 200, []);
    });
    const err = await clientFor(s.url)
      .tags.add({ kind: "volume", id: "v1" }, { env: "prod" })
      .catch((e) => e);
    expect(err.name).toBe("ConnectionError");
    expect(s.calls.filter((c) => c.method === "POST")).toHaveLength(2);
  });

  it("adopts an existing identical backup schedule instead of creating a second", async () => {
    const s = await server((c, res) => {
      if (c.method === "POST") return resetMidResponse(res);
      sendJson(res, 200, {
        backupschedules: [
          { id: "bs-1", vmId: "vm-1", intervalType: "DAILY", schedule: "00:30", timezone: "UTC" },
        ],
        count: 1,
      });
    });
    const got = await clientFor(s.url).backupSchedules.create({
      vmId: "vm-1",
      intervalType: "DAILY",
      schedule: "00:30",
      timezone: "UTC",
    });
    expect(got).toEqual({ id: "bs-1", region: REGION_A });
    expect(s.calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });
});

describe("requests are built from typed inputs", () => {
  it("sends POST /volumes and the instance PUT as query parameters without a body", async () => {
    const o = origin();
    o.pool
      .intercept({ path: (p) => p.startsWith("/api/v1/volumes?"), method: "POST" })
      .reply(200, { jobId: "j", id: "v" }, json);
    o.pool
      .intercept({ path: (p) => p.startsWith("/api/v1/compute/instances/vm%2F1?"), method: "PUT" })
      .reply(200, { id: "vm/1" }, json);
    const { client } = mockClient(o.agent);
    await client.volumes.create({ name: "data", zoneId: "z1", diskOfferingId: "d1", size: 20 });
    await client.instances.update("vm/1", { displayName: "web", haEnabled: false });
    const [vol, put] = o.calls();
    expect(vol.path).toBe("/api/v1/volumes?name=data&zoneId=z1&diskOfferingId=d1&size=20");
    expect(vol.body).toBeUndefined();
    expect(vol.headers["content-type"]).toBeUndefined();
    expect(put.path).toBe("/api/v1/compute/instances/vm%2F1?displayName=web&haEnabled=false");
    expect(put.body).toBeUndefined();
  });

  it("builds the create-instance body key by key (networkIds comma-separated, unknown keys dropped)", async () => {
    const o = origin();
    o.pool
      .intercept({ path: "/api/v1/compute/instances", method: "POST" })
      .reply(200, { id: "vm-1", name: "web", state: "Starting", jobId: "j-1" }, json);
    const { client } = mockClient(o.agent);
    const input = {
      serviceOfferingId: "so",
      templateId: "t",
      zoneId: "z",
      name: "web",
      networkIds: ["n1", "n2"],
      serviceofferingid: "typo",
    };
    const got = await client.instances.create(input);
    expect(got).toMatchObject({
      jobId: "j-1",
      id: "vm-1",
      region: REGION_A,
      instance: { name: "web", state: "Starting" },
    });
    expect(JSON.parse(o.calls()[0].body!)).toEqual({
      serviceOfferingId: "so",
      templateId: "t",
      zoneId: "z",
      name: "web",
      networkIds: "n1,n2",
    });
    expect(o.calls()[0].headers["content-type"]).toBe("application/json");
  });

  it("refuses an empty id and an iso deploy without isoId before any call", async () => {
    const o = origin();
    const { client } = mockClient(o.agent);
    await expect(client.instances.delete("")).rejects.toBeInstanceOf(ConfigurationError);
    await expect(
      client.instances.create({ serviceOfferingId: "s", templateId: "t", zoneId: "z", imageType: "iso" }),
    ).rejects.toThrow(/isoId/);
    await expect(client.instances.create({ serviceOfferingId: "s", zoneId: "z" })).rejects.toThrow(
      /needs templateId/,
    );
    expect(o.calls()).toHaveLength(0);
  });

  it("sends an ISO deploy's templateId as the ISO's id (or the caller's), networkDomain and timezone only when given", async () => {
    const iso = createInstanceBody({
      serviceOfferingId: "s",
      zoneId: "z",
      imageType: "iso",
      isoId: "i",
      diskOfferingId: "d",
    });
    expect(JSON.parse(JSON.stringify(iso))).toEqual({
      serviceOfferingId: "s",
      templateId: "i",
      zoneId: "z",
      imageType: "iso",
      isoId: "i",
      diskOfferingId: "d",
    });
    const given = { serviceOfferingId: "s", templateId: "t", zoneId: "z", isoId: "i", diskOfferingId: "d" };
    expect(createInstanceBody({ ...given, imageType: "iso" }).templateId).toBe("t");
    // a fixed address on a network the instance is not put on would add that network: refused before any call
    const stray = [{ networkId: "n2", ipAddress: "10.0.0.5" }];
    expect(() => createInstanceBody({ ...given, networkIds: ["n1"], ipToNetworkList: stray })).toThrow(
      /ipToNetworkList names network n2, which is not among networkIds/,
    );
    const net = { name: "n", displayText: "n", zoneId: "z", networkOfferingId: "o" };
    expect(JSON.parse(JSON.stringify(createNetworkRequest.pick(net)))).toEqual(net);
    expect(createNetworkRequest.pick({ ...net, networkDomain: "corp.example" }).networkDomain).toBe(
      "corp.example",
    );
    const schedule = { vmId: "vm", intervalType: "DAILY", schedule: "30:02" };
    expect(JSON.parse(JSON.stringify(backupScheduleRequest.pick(schedule)))).toEqual(schedule);
  });

  it("compares a schedule without timezone as UTC on create and as any time zone on update", () => {
    const have = {
      id: "bs",
      vmId: "vm",
      intervalType: "DAILY",
      schedule: "30:02",
      timezone: "Europe/Berlin",
    };
    const want = { vmId: "vm", intervalType: "daily", schedule: "30:02" };
    expect(sameSchedule(have, want)).toBe(false);
    expect(sameSchedule({ ...have, timezone: "UTC" }, want)).toBe(true);
    expect(sameSchedule(have, want, "update")).toBe(true);
    expect(sameSchedule(have, { ...want, timezone: "UTC" }, "update")).toBe(false);
  });
});

describe("region and tenant headers", () => {
  it("sends X-Region-Context on region-scoped calls, per-call override wins, none on global reads", async () => {
    const o = origin();
    o.pool
      .intercept({ path: (p) => p.startsWith("/api/v1/"), method: "GET" })
      .reply(200, (req) => {
        if (req.path.includes("quota"))
          return { maxMultiRegions: 3, maxMultiRegionMembers: 5, currentMultiRegions: 0 };
        return [];
      })
      .persist();
    const { client } = mockClient(o.agent);
    await client.catalogue.zones();
    await client.catalogue.zones({ region: REGION_B });
    await client.withRegion(REGION_B).catalogue.templates();
    await client.catalogue.regions();
    await client.catalogue.multiRegionQuota();
    const regions = o.calls().map((c) => c.headers["x-region-context"]);
    expect(regions).toEqual([REGION_A, REGION_B, REGION_B, undefined, undefined]);
    expect(client.region).toBe(REGION_A);
  });

  it("recognises organization routes only", () => {
    for (const p of [
      "/api/v1/tenants",
      "/api/v1/tenants/my-limits",
      "/api/v1/invitations",
      "/api/v1/invitations/i-1",
    ]) {
      expect(isTenantPath(p)).toBe(true);
    }
    for (const p of [
      "/api/v1/tenantsx",
      "/api/v1/compute/instances",
      "/api/v1/zones/tenants/x",
      "/api/v1/invitationsx",
    ]) {
      expect(isTenantPath(p)).toBe(false);
    }
  });

  it("refuses a region that cannot be a header value, before any call", async () => {
    const o = origin();
    const { client } = mockClient(o.agent);
    await expect(client.catalogue.zones({ region: "eu\r\nX-Evil: 1" })).rejects.toBeInstanceOf(
      ConfigurationError,
    );
    await expect(client.instances.stop("vm-1", { region: "" })).rejects.toBeInstanceOf(ConfigurationError);
    expect(() => client.withRegion("bad region")).toThrow(ConfigurationError);
    expect(o.calls()).toHaveLength(0);
  });

  it("sends X-Tenant-Context only on organization routes", async () => {
    const o = origin();
    o.pool
      .intercept({ path: "/api/v1/tenants/my-limits", method: "GET" })
      .reply(200, { instanceLimit: 5, instanceCount: 1 }, json);
    o.pool.intercept({ path: "/api/v1/zones", method: "GET" }).reply(200, [], json);
    const { client } = mockClient(o.agent);
    await client.catalogue.myLimits({ tenantContext: "membership-1" });
    // @ts-expect-error: no other family accepts tenantContext
    await client.catalogue.zones({ tenantContext: "membership-1" });
    const [limits, zones] = o.calls();
    expect(limits.headers["x-tenant-context"]).toBe("membership-1");
    expect(zones.headers["x-tenant-context"]).toBeUndefined();
  });
});
