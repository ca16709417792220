import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ED25519 } from "../fixtures/sshKeys";
import { Api, type Catalogue, expectErrorBody, LOCAL_TIMESTAMP } from "./harness";

let api: Api;
let c: Catalogue;
let vpcIds: string[];
beforeAll(async () => {
  api = await Api.start();
  c = await api.catalogue();
  // 205 VPCs: enough to see clamping at 200 and a second page.
  await api.control.limits({ vpcLimit: 1000 });
  vpcIds = [];
  for (let i = 0; i < 205; i++) {
    const r = await api.ok("POST", "/vpcs", {
      body: {
        name: `v${i}`,
        displayText: "x",
        zoneId: c.zone.id,
        cidr: "10.0.0.0/16",
        vpcOfferingId: c.vpcOffering.id,
      },
    });
    vpcIds.push(r.id);
  }
});
afterAll(() => api.close());

describe("List envelopes and paging", () => {
  it("List envelopes: the pass-through envelope carries the collection key, count, totalElements, page and currentPage", async () => {
    const body = await api.ok("GET", "/vpcs", { query: { page: 2, pageSize: 10 } });
    expect(Object.keys(body).sort()).toEqual(["count", "currentPage", "page", "totalElements", "vpcs"]);
    expect(body.vpcs).toHaveLength(10);
    expect(body.totalElements).toBe(205);
    expect(body.page).toBe(2);
    expect(body.currentPage).toBe(body.page);
    expect(body.vpcs[0].id).toBe(vpcIds[10]);
  });

  it("List envelopes: the paged envelope (audit) has content, page (1-based), pageSize, totalElements, totalPages", async () => {
    const body = await api.ok("GET", "/audit", { query: { page: 1, pageSize: 50 } });
    expect(Object.keys(body).sort()).toEqual(["content", "page", "pageSize", "totalElements", "totalPages"]);
    expect(body.page).toBe(1);
    expect(body.content).toHaveLength(50);
    expect(body.totalPages).toBe(Math.ceil(body.totalElements / 50));
  });

  it("List envelopes: catalogue reads (compute and network offerings) are bare arrays", async () => {
    for (const path of [
      "/offerings/compute",
      "/offerings/network",
      "/offerings/disk",
      "/offerings/vpc",
      "/zones",
      "/templates",
      "/isos",
    ]) {
      expect(Array.isArray(await api.ok("GET", path)), path).toBe(true);
    }
  });

  it("Common rules 6: lists page with page (from 1) and pageSize", async () => {
    const p1 = await api.ok("GET", "/vpcs", { query: { page: 1, pageSize: 5 } });
    const p2 = await api.ok("GET", "/vpcs", { query: { page: 2, pageSize: 5 } });
    expect(p1.vpcs.map((v: any) => v.id)).toEqual(vpcIds.slice(0, 5));
    expect(p2.vpcs.map((v: any) => v.id)).toEqual(vpcIds.slice(5, 10));
  });

  it("Common rules 7: page=0 is treated as page 1, not rejected", async () => {
    const p0 = await api.get("/vpcs", { query: { page: 0, pageSize: 5 } });
    expect(p0.status).toBe(200);
    expect(p0.body.page).toBe(1);
    expect(p0.body.vpcs.map((v: any) => v.id)).toEqual(vpcIds.slice(0, 5));
    const audit = await api.get("/audit", { query: { page: 0 } });
    expect(audit.body.page).toBe(1);
  });

  it("Common rules 8 / Limits: a page size above the ceiling (200) is clamped, not rejected", async () => {
    const res = await api.get("/vpcs", { query: { pageSize: 1000 } });
    expect(res.status).toBe(200);
    expect(res.body.vpcs).toHaveLength(200);
    expect(res.body.totalElements).toBe(205);
  });

  it("Limits: the audit list has a lower ceiling (100)", async () => {
    const res = await api.get("/audit", { query: { pageSize: 500 } });
    expect(res.status).toBe(200);
    expect(res.body.pageSize).toBe(100);
    expect(res.body.content).toHaveLength(100);
  });

  it("Common rules 9: limit gives most-recent-N reads (jobs/recent)", async () => {
    const res = await api.ok("GET", "/jobs/recent", { query: { limit: 3 } });
    expect(res.jobs).toHaveLength(3);
    expect(res.jobs[0].resourceId).toBe(vpcIds[204]);
  });

  it("Common rules 10: filters are per-endpoint query parameters (networks by vpcId, instances by name)", async () => {
    const tier = await api.ok("POST", "/networks", {
      body: {
        name: "tier",
        zoneId: c.zone.id,
        networkOfferingId: c.networkOfferings.find((o) => o.forVpc).id,
        vpcId: vpcIds[0],
        gateway: "10.0.1.1",
        netmask: "255.255.255.0",
      },
    });
    const list = await api.ok("GET", "/networks", { query: { vpcId: vpcIds[0] } });
    expect(list.networks.map((n: any) => n.id)).toEqual([tier.id]);
    expect((await api.ok("GET", "/networks", { query: { vpcId: vpcIds[1] } })).networks).toEqual([]);
  });

  it("Limits / Endpoints: instance /all and /summary are unpaged and return every instance", async () => {
    for (let i = 0; i < 3; i++) await api.instance(c);
    const all = await api.ok("GET", "/compute/instances/all", { query: { pageSize: 1 } });
    expect(all.virtualmachines).toHaveLength(3);
    const summary = await api.ok("GET", "/compute/instances/summary");
    expect(summary.virtualmachines).toHaveLength(3);
    const paged = await api.ok("GET", "/compute/instances", { query: { pageSize: 1 } });
    expect(paged.virtualmachines).toHaveLength(1);
    expect(paged.totalElements).toBe(3);
  });
});

describe("Errors", () => {
  it("Errors 1: a path the framework cannot read (a malformed percent-escape) still answers the API's error body", async () => {
    const res = await fetch(`${api.emu.url}/api/v1/zones/%zz`, {
      headers: { authorization: `Bearer ${api.token}` },
    });
    expect(res.status).toBe(400);
    const body: any = await res.json();
    expect(expectErrorBody(body)).toBe(true);
    expect(body.timestamp).toMatch(LOCAL_TIMESTAMP);
    expect(body.detail).toBe("uri=/api/v1/zones/%zz");
  });

  it("Errors 1 / Value conventions 3: the error body has message, detail and a local timestamp with no offset", async () => {
    const res = await api.get("/compute/instances/00000000-0000-4000-8000-000000000000");
    expect(res.status).toBe(404);
    expect(expectErrorBody(res.body)).toBe(true);
    expect(res.body.timestamp).toMatch(LOCAL_TIMESTAMP);
    expect(res.body.timestamp).not.toMatch(/Z$|[+-]\d\d:?\d\d$/);
    // Local server time: within a few seconds of now, read as local time.
    const [date, time] = res.body.timestamp.split("T");
    const [y, m, d] = date.split("-").map(Number);
    const [hh, mm, ss] = time.split(":").map(Number);
    expect(Math.abs(new Date(y, m - 1, d, hh, mm, Math.floor(ss)).getTime() - Date.now())).toBeLessThan(5000);
  });

  it("Errors 6: the other error responses share the body shape (400, 404, 409)", async () => {
    const bad = await api.post("/vpcs", { body: {} });
    expect(bad.status).toBe(400);
    expect(expectErrorBody(bad.body)).toBe(true);
    await api.ok("POST", "/ssh-keypairs", { body: { name: "errors-6", publicKey: ED25519 } });
    const conflict = await api.post("/ssh-keypairs", { body: { name: "errors-6", publicKey: ED25519 } });
    expect(conflict.status).toBe(409);
    expect(expectErrorBody(conflict.body)).toBe(true);
    const route = await api.get("/no-such-route");
    expect(route.status).toBe(404);
    expect(expectErrorBody(route.body)).toBe(true);
  });

  it("Errors 4 / Common rules 4: a misspelt JSON key is ignored and the call returns 2xx without applying it", async () => {
    const res = await api.post("/vpcs", {
      body: {
        name: "typo",
        displayTxt: "never applied",
        zoneId: c.zone.id,
        cidr: "10.9.0.0/16",
        vpcOfferingId: c.vpcOffering.id,
        extra: { harmless: true },
      },
    });
    expect(res.status).toBe(200);
    const vpc = await api.ok("GET", `/vpcs/${res.body.id}`);
    expect(vpc.displayText).toBe("typo");
  });

  it("Errors: a malformed JSON body is a 400 in the shared body shape", async () => {
    const res = await api.post("/vpcs", {
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(expectErrorBody(res.body)).toBe(true);
  });

  it("Versioning: the version is the path prefix /api/v1; other prefixes do not exist", async () => {
    const res = await api.call("GET", "/_x", { token: api.token });
    expect(res.status).toBe(404);
    const v2 = await fetch(new URL("/api/v2/zones", api.emu.url), {
      headers: { authorization: `Bearer ${api.token}` },
    });
    expect(v2.status).toBe(404);
  });
});
