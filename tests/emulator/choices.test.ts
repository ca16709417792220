// Choices the emulator makes where the spec says "not shown", each done against the emulator and found written
// down in emulator/README.md (the contract between the emulator and the client): the request-size limit, every
// content type read as JSON, the error detail's default, the 503 without an active region, the audit list's
// regionId filter, the hoursBack refusal, the template allowance in my-limits, a volume delete's answer and what a
// closing server answers.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Api, type Catalogue } from "./harness";

let api: Api;
let c: Catalogue;
beforeAll(async () => {
  ({ api, c } = await Api.withCatalogue());
});
afterAll(() => api.close());
beforeEach(async () => {
  await api.control.reset();
});

const README = readFileSync(path.join(__dirname, "..", "..", "emulator", "README.md"), "utf8");

/** The README's table row whose first cell is `first`, as its cells. */
function row(first: string): string[] {
  const line = README.split("\n").find((l) => l.startsWith(`| ${first} |`));
  expect(line, `emulator/README.md has a row "${first}"`).toBeDefined();
  // cells between the row's unescaped pipes (a cell may hold `\|`)
  return line!
    .split(/(?<!\\)\|/)
    .slice(1, -1)
    .map((cell) => cell.trim());
}

/** The keys of the first `{…}` written in a README cell, in order. */
const keysIn = (cell: string) =>
  /\{([^}]*)\}/
    .exec(cell)![1]
    .split(",")
    .map((k) => k.trim());

const send = (p: string, init: RequestInit) => fetch(`${api.emu.url}/api/v1${p}`, init);
const auth = () => ({ authorization: `Bearer ${api.token}` });

describe("requests and errors (README: Requests, errors and shutdown)", () => {
  it("a body over 10 MiB is a 413 in the API's error body, before the token is looked at", async () => {
    const body = JSON.stringify({ name: "x".repeat(10 * 1024 * 1024) });
    for (const headers of [auth(), {}]) {
      const res = await send("/projects", {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body,
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({
        message: "Request body is too large",
        detail: "uri=/api/v1/projects",
      });
    }
    const limit = row("request-size limit")[1];
    expect(limit).toContain("10 MiB");
    expect(limit).toContain('413 `{message: "Request body is too large"');
  });

  it("every content type is read as JSON; a body that is not JSON is a 400", async () => {
    const asText = await send("/projects", {
      method: "POST",
      headers: { ...auth(), "content-type": "text/plain" },
      body: JSON.stringify({ name: "labelled-text" }),
    });
    expect(asText.status).toBe(200);
    const form = await send("/projects", {
      method: "POST",
      headers: { ...auth(), "content-type": "application/x-www-form-urlencoded" },
      body: "name=form",
    });
    expect(form.status).toBe(400);
    expect(((await form.json()) as { message: string }).message).toBe("Request body is not valid JSON");
    expect(row("content types")[1]).toContain("every request body is read as JSON");
    expect(row("content types")[1]).toContain('400 `{message: "Request body is not valid JSON"}`');
  });

  it("the error detail defaults to uri=<path>", async () => {
    const res = await api.get("/volumes/00000000-0000-4000-8000-000000000000", { query: { page: 1 } });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe("uri=/api/v1/volumes/00000000-0000-4000-8000-000000000000");
    expect(row("error `detail`")[1]).toContain("`uri=<path>`");
  });

  it("a closing server's answer (fastify's own) is written down", () => {
    expect(row("shutdown")[1]).toContain(
      '`{"error":"Service Unavailable","message":"Service Unavailable","statusCode":503}`',
    );
  });
});

describe("routing, jobs, audit and allowances", () => {
  it("no active region: a region-scoped route without X-Region-Context is a 503", async () => {
    for (const r of api.emu.regions) await api.control.region(r.id, { active: false });
    const res = await api.get("/zones");
    expect(res.status).toBe(503);
    expect(res.body.message).toBe("No active region is available");
    expect((await api.get("/tenants/my-limits")).status).toBe(200);
    expect(row("no active region")[1]).toContain('503 `{message: "No active region is available"}`');
  });

  it("hoursBack must be a positive number of hours", async () => {
    for (const hoursBack of ["0", "-2", "soon"]) {
      const res = await api.get("/jobs", { query: { hoursBack } });
      expect(res.status, hoursBack).toBe(400);
      expect(res.body.message).toBe("hoursBack must be a positive number of hours");
    }
    expect(row("jobs in a window")[3]).toContain("`hoursBack must be a positive number of hours`");
  });

  it("the audit list's regionId filter is written down with the other filters", async () => {
    expect(row("`regionId`")[1]).toMatch(/^exact/);
    expect(row("audit")[1]).toContain("regionId=");
  });

  it("my-limits shows exactly the allowances the README's route table lists, the template allowance included", async () => {
    const limits = await api.ok("GET", "/tenants/my-limits");
    expect(Object.keys(limits)).toEqual(keysIn(row("my limits")[3]));
    expect(limits).toMatchObject({ templateLimit: 20, templateCount: 0 });
  });

  it("a volume delete answers as the README's route table says: synchronous, no jobId", async () => {
    const v = await api.ok("POST", "/volumes", {
      query: { name: "d", zoneId: c.zone.id, diskOfferingId: c.diskOfferings[0].id },
    });
    await api.waitJob(v.jobId);
    const done = await api.ok("DELETE", `/volumes/${v.id}`);
    const answer = row("delete volume")[3];
    expect(done).toEqual({ id: v.id });
    expect(answer).not.toContain("jobId, id}");
    expect(answer).toContain("`{id}` without `jobId`");
  });
});

describe("job timing defaults", () => {
  it("with no job latency given, a job runs for seconds, as a platform's do, and says so in the README", async () => {
    const plain = await Api.start({ jobLatencyMs: undefined });
    try {
      const cat = await plain.catalogue();
      const v = await plain.ok("POST", "/volumes", {
        query: { name: "slow", zoneId: cat.zone.id, diskOfferingId: cat.diskOfferings[0].id },
      });
      const t0 = Date.now();
      expect((await plain.ok("GET", `/jobs/${v.jobId}`)).status).toBe("running");
      const done = await plain.waitJob(v.jobId, undefined, 10_000);
      expect(done.status).toBe("success");
      expect(Date.now() - t0).toBeGreaterThan(1_000);
    } finally {
      await plain.close();
    }
    expect(README).toContain("`--job-latency 2000` and `--job-jitter 1000`");
  });
});
