// List envelopes in the spec's order, and paging that stops on every kind of server answer without looping.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { InvalidResponseError, normaliseList } from "../../provider/client";
import { json, mockClient, type mockOrigin, useServers } from "./helpers";

const Row = z.looseObject({ id: z.string() });
const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: `vm-${from + i}` }));

const { origin } = useServers();

/** Serves GET /api/v1/compute/instances from `serve(page, pageSize)`. */
function serveInstances(o: ReturnType<typeof mockOrigin>, serve: (page: number, size: number) => unknown) {
  o.pool
    .intercept({ path: (p) => p.startsWith("/api/v1/compute/instances?"), method: "GET" })
    .reply((req) => {
      const q = new URL(req.path, "http://x").searchParams;
      return {
        statusCode: 200,
        data: JSON.stringify(serve(Number(q.get("page")), Number(q.get("pageSize")))),
        responseOptions: json,
      };
    })
    .persist();
}

describe("normaliseList", () => {
  it("looks for content, then the resource key, then a bare array", () => {
    expect(
      normaliseList({ content: [{ id: "a" }], virtualmachines: [{ id: "b" }] }, "virtualmachines", Row).rows,
    ).toEqual([{ id: "a" }]);
    const p = normaliseList(
      { virtualmachines: [{ id: "b" }], count: 1, totalElements: 1, page: 1, currentPage: 1 },
      "virtualmachines",
      Row,
    );
    expect(p.shape).toBe("pass-through");
    expect(p.rows).toEqual([{ id: "b" }]);
    expect(normaliseList([{ id: "c" }], "virtualmachines", Row).shape).toBe("array");
    expect(() => normaliseList({ items: [] }, "virtualmachines", Row)).toThrow(/no list found/);
  });

  it("keeps extra fields but is strict about types", () => {
    expect(normaliseList([{ id: "c", extra: 1 }], "x", Row).rows[0]).toEqual({ id: "c", extra: 1 });
    expect(() => normaliseList([{ id: 7 }], "x", Row)).toThrow();
    expect(() => normaliseList({ content: [], page: "1" }, "x", Row)).toThrow();
  });
});

describe("paging", () => {
  it("starts at page 1, caps pageSize at 200, stops on totalPages (paged envelope)", async () => {
    const o = origin();
    const all = rows(0, 450);
    serveInstances(o, (page, size) => ({
      content: all.slice((page - 1) * size, page * size),
      page,
      pageSize: size,
      totalElements: all.length,
      totalPages: Math.ceil(all.length / size),
    }));
    const { client } = mockClient(o.agent);
    const got = await client.instances.listAll({ pageSize: 1000 });
    expect(got.items).toHaveLength(450);
    expect(o.calls().map((c) => c.path)).toEqual([
      "/api/v1/compute/instances?page=1&pageSize=200",
      "/api/v1/compute/instances?page=2&pageSize=200",
      "/api/v1/compute/instances?page=3&pageSize=200",
    ]);
  });

  it("stops on totalElements (pass-through envelope, as the emulator answers)", async () => {
    const o = origin();
    const all = rows(0, 250);
    serveInstances(o, (page, size) => ({
      virtualmachines: all.slice((page - 1) * size, page * size),
      count: all.length,
      totalElements: all.length,
      page,
      currentPage: page,
    }));
    const { client } = mockClient(o.agent);
    const seen: string[] = [];
    for await (const vm of client.instances.list()) seen.push(vm.id);
    expect(seen).toHaveLength(250);
    expect(new Set(seen).size).toBe(250);
    expect(o.calls()).toHaveLength(2);
  });

  it("reads on past a silently clamped page size (no totals) until an empty page, never looping", async () => {
    const o = origin();
    const all = rows(0, 120);
    serveInstances(o, (page) => ({ virtualmachines: all.slice((page - 1) * 50, page * 50) }));
    const { client } = mockClient(o.agent);
    const got = await client.instances.listAll();
    expect(got.items.map((r) => r.id)).toEqual(all.map((r) => r.id));
    expect(o.calls()).toHaveLength(4); // 50, 50, 20, then the empty page 4
  });

  it("stops when the server ignores the page number (a repeated page)", async () => {
    const o = origin();
    serveInstances(o, () => ({ virtualmachines: rows(0, 30) }));
    const { client } = mockClient(o.agent);
    const got = await client.instances.listAll();
    expect(got.items).toHaveLength(30);
    expect(o.calls()).toHaveLength(2);
  });

  it("stops when the server clamps the page number (reports another page)", async () => {
    const o = origin();
    serveInstances(o, (page) => ({ virtualmachines: rows(page === 1 ? 0 : 100, 10), page: 1 }));
    const { client } = mockClient(o.agent);
    expect((await client.instances.listAll()).items).toHaveLength(10);
    expect(o.calls()).toHaveLength(2);
  });

  it("stops on a short page when the server echoes its page size", async () => {
    const o = origin();
    serveInstances(o, (page, size) => ({ content: page === 1 ? rows(0, 7) : [], page, pageSize: size }));
    const { client } = mockClient(o.agent);
    expect((await client.instances.listAll()).items).toHaveLength(7);
    expect(o.calls()).toHaveLength(1);
  });

  it("reads on past a short page whose echoed size is the one asked for, while count says more rows match (the file systems' envelope)", async () => {
    const o = origin();
    const all = rows(0, 150);
    // clamped to 100 a page, the requested size echoed, no totalElements: count is the only total
    serveInstances(o, (page, size) => ({
      virtualmachines: all.slice((page - 1) * 100, page * 100),
      count: all.length,
      page,
      pageSize: size,
    }));
    const { client } = mockClient(o.agent);
    expect((await client.instances.listAll()).items.map((r) => r.id)).toEqual(all.map((r) => r.id));
    expect(o.calls()).toHaveLength(2);
  });

  it("reports a body with no list as an InvalidResponseError naming the keys", async () => {
    const o = origin();
    serveInstances(o, () => ({ vms: [] }));
    const { client } = mockClient(o.agent);
    const err = await client.instances.listAll().catch((e) => e);
    expect(err).toBeInstanceOf(InvalidResponseError);
    expect(err.message).toMatch(/virtualmachines/);
  });
});

describe("unpaged lists", () => {
  it("reads bare arrays once and filters compute offerings client-side", async () => {
    const o = origin();
    o.pool
      .intercept({ path: (p) => p.startsWith("/api/v1/offerings/compute"), method: "GET" })
      .reply(200, [{ id: "o1", zoneId: "z1" }, { id: "o2", zoneId: "z2" }, { id: "o3" }]);
    const { client } = mockClient(o.agent);
    const got = await client.catalogue.computeOfferings({ zoneId: "z1" });
    expect(got.map((r) => r.id)).toEqual(["o1", "o3"]);
    expect(o.calls()).toHaveLength(1);
    expect(o.calls()[0].path).toBe("/api/v1/offerings/compute?zoneId=z1");
  });

  it("surfaces regionErrors of multi-region reads", async () => {
    const o = origin();
    o.pool.intercept({ path: "/api/v1/instance-groups", method: "GET" }).reply(200, {
      instancegroups: [{ id: "g1", name: "web" }],
      count: 1,
      regionErrors: { "region-b": "unreachable" },
    });
    const { client } = mockClient(o.agent);
    const got = await client.instanceGroups.list();
    expect(got.items).toEqual([{ id: "g1", name: "web" }]);
    expect(got.regionErrors).toEqual({ "region-b": "unreachable" });
  });

  it("reads /all once even though it is large", async () => {
    const o = origin();
    o.pool
      .intercept({ path: "/api/v1/compute/instances/all", method: "GET" })
      .reply(200, { virtualmachines: rows(0, 500), count: 500 });
    const { client } = mockClient(o.agent);
    expect((await client.instances.all()).items).toHaveLength(500);
    expect(o.calls()).toHaveLength(1);
  });
});
