// The error factory: one subclass per status family, and messages that say what happened and what to do.
import { describe, expect, it } from "vitest";
import {
  ApiError,
  BadRequestError,
  CimError,
  classifyJobFailure,
  findMissingParameter,
  InternalServerError,
  JobFailedError,
  makeApiError,
  PermissionDeniedError,
  type RateLimitError,
  WaitTimeoutError,
} from "../../provider/client";
import { ERROR_OF_STATUS } from "./helpers";

const ctx = { method: "GET", path: "/api/v1/volumes/v-1", region: "r-1", attempts: 1 };

describe("makeApiError", () => {
  it("picks the subclass for each status", () => {
    const cases = [...ERROR_OF_STATUS, [503, InternalServerError] as const];
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
      "GET /api/v1/volumes/v-1 (region r-1) failed with 404 (request id req-7): Volume v-1 not found in region eu",
    );
    expect(e.message).toMatch(/valid only in their own region/);
    expect(e.requestId).toBe("req-7");
    expect(makeApiError(409, {}, ctx).message).toMatch(/The API gave no reason/);
    // no guessed cause: a 409 is as often another resource still using this one as a protection flag
    expect(makeApiError(409, {}, ctx).message).not.toMatch(/deleteProtection/);
    expect(makeApiError(500, {}, { ...ctx, attempts: 3 }).message).toMatch(/gave up after 3 attempts/);
  });

  it("a 4xx hint names the API's reason, never a guessed cause", () => {
    const busy = makeApiError(409, { message: "Instance i-1 has deleteProtection enabled" }, ctx);
    expect(busy.message).toBe(
      "GET /api/v1/volumes/v-1 (region r-1) failed with 409: Instance i-1 has deleteProtection enabled.",
    );
    // the API said nothing: nothing is made up in its place
    for (const status of [400, 403, 404, 409, 422]) {
      const silent = makeApiError(status, undefined, ctx).message;
      expect(silent, String(status)).toContain(`failed with ${status}. `);
      expect(silent, String(status)).toContain("The API gave no reason.");
      expect(silent, String(status)).not.toMatch(
        /for example|another operation|may be|likely|will not help/i,
      );
    }
    const forbidden = makeApiError(403, { message: "User u is inactive" }, ctx, { auth: { subject: "u" } });
    expect(forbidden.message).toBe(
      "GET /api/v1/volumes/v-1 (region r-1) failed with 403: User u is inactive. The API refused this call (user u, region r-1).",
    );
  });

  it("a 400 points at the region id only when the API says the region is not one it knows", () => {
    const hint = "Check the region id";
    expect(makeApiError(400, { message: "Unknown region de-fra-1" }, ctx).message).toContain(hint);
    expect(makeApiError(400, { message: "Invalid region id" }, ctx).message).toContain(hint);
    expect(makeApiError(400, { message: "Region nl-ams-1 is not active" }, ctx).message).toContain(hint);
    // a refusal that only mentions regions is about something else (here, a group's member per region)
    const group = makeApiError(
      400,
      { message: "VPC specified should be in unique region in the group" },
      ctx,
    );
    expect(group.message).not.toContain(hint);
    expect(group.message).toContain("Fix the request inputs named in the message");
    // a record missing in a region the API knows is the record's fault, not the region's
    const snapshot = makeApiError(
      400,
      {
        message: "Unable to find a snapshot with id 0b5c6f9e-1d2a-4e3b-8c7d-6e5f4a3b2c1d",
        detail: "snapshotId 0b5c6f9e-1d2a-4e3b-8c7d-6e5f4a3b2c1d is not a volume snapshot in region de-fra-1",
      },
      ctx,
    );
    expect(snapshot.message).not.toContain(hint);
    expect(makeApiError(400, { message: "Unable to find region x" }, ctx).message).toContain(hint);
  });

  it("a 5xx shows the request id the server gave, and asks for it only then", () => {
    const plain = makeApiError(500, { message: "boom" }, ctx).message;
    expect(plain).not.toMatch(/request id/);
    expect(plain).toContain("The API failed on its side; run again later.");
    const withId = makeApiError(500, { message: "boom" }, ctx, { requestId: "abc-1" }).message;
    expect(withId).toContain("failed with 500 (request id abc-1): boom.");
    expect(withId).toContain("if it persists report it with request id abc-1.");
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

/**
 * Job failure details as Apache CloudStack writes them (the platform behind the API), each with the source file
 * it comes from (apache/cloudstack), and what a user must be told about each.
 */
const CLOUDSTACK_FAILURES: [string, string, "quota" | "capacity" | "other"][] = [
  // server/src/com/cloud/resourcelimit/ResourceLimitManagerImpl.java (4.x, checkResourceLimit)
  [
    "account limit, before 4.19",
    "Maximum number of resources of type 'user_vm' for account name=user-1 in domain id=1 has been exceeded.",
    "quota",
  ],
  [
    "project limit, before 4.19",
    "Maximum number of resources of type 'volume' for project name=web in domain id=2 has been exceeded.",
    "quota",
  ],
  [
    "public IP limit, before 4.19",
    "Maximum number of resources of type 'public_ip' for account name=admin in domain id=1 has been exceeded.",
    "quota",
  ],
  // server/src/main/java/com/cloud/resourcelimit/ResourceLimitManagerImpl.java (4.19+, checkAccountResourceLimit)
  [
    "account limit, 4.19 on",
    "Maximum amount of resources of Type = 'user_vm', tag = 'null' for Account Name = user-1 in Domain Id = 1 is exceeded: Account Resource Limit = 2, Current Account Resource Amount = 2, Current Account Resource Reservation = 0, Requested Resource Amount = 1.",
    "quota",
  ],
  [
    "primary storage limit, 4.19 on",
    "Maximum amount of resources of Type = 'primary_storage', tag = 'null' for Account Name = user-1 in Domain Id = 1 is exceeded: Account Resource Limit = 20.00 GB, Current Account Resource Amount = 18.00 GB, Current Account Resource Reservation = 0 bytes, Requested Resource Amount = 5.00 GB.",
    "quota",
  ],
  // same file (checkDomainResourceLimit)
  [
    "domain limit, 4.19 on",
    "Maximum domain resource limits of Type 'vpc' for Domain Id = 7f2e1c84-5c31-4f3e-9c4a-1b2d3e4f5a6b is exceeded: Domain Resource Limit = 5, Current Domain Resource Amount = 5, Current Resource Reservation = 0, Requested Resource Amount = 1.",
    "quota",
  ],
  // engine/orchestration/src/main/java/com/cloud/vm/VirtualMachineManagerImpl.java (InsufficientServerCapacityException)
  ["no host for a deploy", "Unable to create a deployment for VM[User|i-2-5-VM]", "capacity"],
  [
    "no host, affinity groups",
    "Unable to create a deployment for VM[User|i-2-5-VM], Please check the affinity groups provided, there may not be sufficient capacity to follow them",
    "capacity",
  ],
  ["start without room", "Unable to start a VM due to insufficient capacity", "capacity"],
  // server/src/main/java/com/cloud/network/IpAddressManagerImpl.java (InsufficientAddressCapacityException)
  ["public addresses used up", "Insufficient address capacity", "capacity"],
  // server/src/main/java/com/cloud/vm/UserVmManagerImpl.java (upgradeRunningVirtualMachine)
  [
    "scale over the cluster threshold",
    "Unable to scale VM[User|i-2-5-VM] due to insufficient resources.",
    "capacity",
  ],
  [
    "scale without dynamic scaling",
    "Unable to scale VM[User|i-2-5-VM] as it does not have tools to support dynamic scaling.",
    "other",
  ],
  // server/src/main/java/com/cloud/storage/VolumeApiServiceImpl.java
  ["attached volume", "Please specify a volume that is not attached to any VM.", "other"],
];

describe("job failures", () => {
  it("classifies the emulator's quota and capacity details", () => {
    expect(classifyJobFailure("Quota exceeded: instance limit of 5 reached for user user-1")).toBe("quota");
    expect(classifyJobFailure("Insufficient capacity in zone zone-a")).toBe("capacity");
    expect(classifyJobFailure("disk on fire")).toBe("other");
    expect(classifyJobFailure(undefined)).toBe("other");
  });

  it.each(CLOUDSTACK_FAILURES)("classifies CloudStack's text: %s", (_what, detail, kind) => {
    expect(classifyJobFailure(detail)).toBe(kind);
    const err = new JobFailedError("j9", detail, "r", "deployVirtualMachine", "vm-1");
    expect(err.kind).toBe(kind);
    // The platform's words reach the user unchanged, whatever the class.
    expect(err.detail).toBe(detail);
    expect(err.message).toContain(`failed: ${detail}`);
    expect(err.message).not.toMatch(/\.\. /);
  });

  it("passes an unknown reason on verbatim, without a quota or capacity hint", () => {
    const detail = "Failed to attach config drive: ISO store ssvm-3 unreachable (errno=113)";
    const err = new JobFailedError("j10", detail, "r", "startVirtualMachine", "vm-2");
    expect(err.kind).toBe("other");
    expect(err.message).toBe(
      `Job j10 (startVirtualMachine on vm-2) in region r failed: ${detail}. Read the detail, fix the cause, then run again.`,
    );
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
