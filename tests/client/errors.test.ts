// The error factory: one subclass per status family, and messages that say what happened and what to do.
import { describe, expect, it } from "vitest";
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  CimError,
  ConflictError,
  classifyJobFailure,
  findMissingParameter,
  InternalServerError,
  JobFailedError,
  makeApiError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  WaitTimeoutError,
} from "../../provider/client";

const ctx = { method: "GET", path: "/api/v1/volumes/v-1", region: "r-1", attempts: 1 };

describe("makeApiError", () => {
  it("picks the subclass for each status", () => {
    const cases: [number, new (...a: any[]) => ApiError][] = [
      [400, BadRequestError],
      [401, AuthenticationError],
      [403, PermissionDeniedError],
      [404, NotFoundError],
      [409, ConflictError],
      [429, RateLimitError],
      [500, InternalServerError],
      [503, InternalServerError],
    ];
    for (const [status, cls] of cases) {
      const e = makeApiError(status, { message: "m" }, ctx);
      expect(e).toBeInstanceOf(cls);
      expect(e).toBeInstanceOf(ApiError);
      expect(e).toBeInstanceOf(CimError);
      expect(e.status).toBe(status);
      expect(e.name).toBe(cls.name);
      expect(e.method).toBe("GET");
      expect(e.path).toBe("/api/v1/volumes/v-1");
      expect(e.region).toBe("r-1");
    }
    const other = makeApiError(418, "teapot", ctx);
    expect(other.constructor).toBe(ApiError);
    expect(other.body).toBe("teapot");
  });

  it("names the region, the call and the next step", () => {
    const e = makeApiError(404, { message: "Volume v-1 not found in region eu" }, ctx, {
      requestId: "req-7",
    });
    expect(e.message).toContain(
      "GET /api/v1/volumes/v-1 (region r-1) failed with 404: Volume v-1 not found in region eu",
    );
    expect(e.message).toMatch(/valid only in their own region/);
    expect(e.requestId).toBe("req-7");
    expect(makeApiError(409, {}, ctx).message).toMatch(/deleteProtection/);
    expect(makeApiError(500, {}, { ...ctx, attempts: 3 }).message).toMatch(/gave up after 3 attempts/);
  });

  it("explains 401 (expiry, audience: identity token or another app) and tells 403 apart", () => {
    const e401 = makeApiError(401, { message: "Invalid token" }, ctx, {
      auth: { audience: ["console"], expiresAt: new Date(Date.now() + 60_000) },
    });
    expect(e401.message).toMatch(/expired/);
    expect(e401.message).toMatch(/identity \(ID\) token, or an access token for another application/);
    expect(e401.message).toContain('"console"');
    const e403 = makeApiError(403, { message: "User u is inactive" }, ctx, { auth: { subject: "u" } });
    expect(e403).toBeInstanceOf(PermissionDeniedError);
    expect(e403.message).toMatch(/token is valid/);
    expect(e403.message).toMatch(/a new token will not help/);
    expect(e403.message).toContain("region r-1");
  });

  it("parses a missing parameter out of a 400 and names it", () => {
    const e = makeApiError(
      400,
      { message: "Required parameter 'name' is not present", detail: "Missing parameter: name" },
      ctx,
    );
    expect(e).toBeInstanceOf(BadRequestError);
    expect((e as BadRequestError).missingParameter).toBe("name");
    expect(e.message).toMatch(/parameter "name"/);
    expect(e.message).toMatch(/query parameters/);
    for (const text of [
      "Missing parameter: zoneId",
      "missing required parameter 'zoneId'",
      "Required request parameter 'zoneId' for method parameter type String is not present",
      "parameter zoneId is required",
    ]) {
      expect(findMissingParameter({ message: text })).toBe("zoneId");
    }
    expect(findMissingParameter({ message: "Unknown region x" })).toBeUndefined();
    expect(makeApiError(400, { message: "Unknown region x" }, ctx).message).toMatch(/GET \/api\/v1\/regions/);
  });

  it("carries Retry-After on 429", () => {
    const e = makeApiError(429, { message: "slow down" }, ctx, { retryAfterMs: 4000 }) as RateLimitError;
    expect(e.retryAfterMs).toBe(4000);
    expect(e.message).toMatch(/wait 4 s/);
    expect(e.message).toMatch(/--parallel/);
  });
});

describe("job failures", () => {
  it("classifies quota and capacity details", () => {
    expect(classifyJobFailure("Quota exceeded: instance limit of 5 reached for user user-1")).toBe("quota");
    expect(classifyJobFailure("Insufficient capacity in zone zone-a")).toBe("capacity");
    expect(classifyJobFailure("disk on fire")).toBe("other");
    expect(classifyJobFailure(undefined)).toBe("other");
  });

  it("JobFailedError says retrying will not help for quota and capacity", () => {
    const q = new JobFailedError(
      "j1",
      "Quota exceeded: volume limit of 2 reached for user u",
      "r",
      "createVolume",
      "v1",
    );
    expect(q.kind).toBe("quota");
    expect(q.message).toMatch(/Job j1 \(createVolume on v1\) in region r failed: Quota exceeded/);
    expect(q.message).toMatch(/retrying fails the same way/);
    const c = new JobFailedError("j2", "Insufficient capacity in zone z");
    expect(c.kind).toBe("capacity");
    expect(c.message).toMatch(/another zone/);
  });

  it("WaitTimeoutError says the job may still finish", () => {
    const e = new WaitTimeoutError("j3", 65_000, "running", "r");
    expect(e.message).toMatch(/still running after 65 s/);
    expect(e.message).toMatch(/may still finish/);
  });
});
