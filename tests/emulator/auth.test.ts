import { generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmulatorControl, EmulatorControlError } from "../../emulator";
import { Api, expectErrorBody } from "./harness";

let api: Api;
beforeAll(async () => {
  api = await Api.start();
});
afterAll(() => api.close());

describe("Authentication", () => {
  it("Authentication 1 / Common rules 1: a request without the Authorization header is a 401 with the error body", async () => {
    const res = await api.get("/zones", { token: null });
    expect(res.status).toBe(401);
    expect(expectErrorBody(res.body)).toBe(true);
  });

  it("Authentication 1: a token in the query string is refused with 401, even beside a valid header", async () => {
    const token = api.token;
    const alone = await api.get("/zones", { token: null, query: { access_token: token } });
    expect(alone.status).toBe(401);
    const both = await api.get("/zones", { query: { access_token: token } });
    expect(both.status).toBe(401);
    expect(both.body.message).toMatch(/query string/);
    // The refusal never echoes the token.
    expect(JSON.stringify(both.body)).not.toContain(token);
  });

  it("Authentication 1: only the Bearer scheme in the Authorization header is accepted", async () => {
    const res = await api.get("/zones", { token: null, headers: { authorization: `Basic ${api.token}` } });
    expect(res.status).toBe(401);
  });

  it("Authentication 3: there are no API keys and no login endpoint", async () => {
    const key = await api.get("/zones", { token: null, headers: { "x-api-key": "secret" } });
    expect(key.status).toBe(401);
    for (const path of ["/login", "/auth/token", "/oauth/token"]) {
      // authenticated first, as every request: without a token, 401; with one, no such route
      expect(
        (await api.post(path, { token: null, body: { username: "user-1", password: "x" } })).status,
        path,
      ).toBe(401);
      expect((await api.post(path, { body: { username: "user-1", password: "x" } })).status, path).toBe(404);
    }
  });

  it("Authentication 5: a token whose aud is not cim-api (an identity token, another app) is a 401", async () => {
    const res = await api.get("/zones", { token: await api.emu.token({ aud: "console-web" }) });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/audience/);
  });

  it("Authentication 5: the audience is the fixed identifier cim-api, not the base URL", async () => {
    const byUrl = await api.get("/zones", { token: await api.emu.token({ aud: api.emu.url }) });
    expect(byUrl.status).toBe(401);
    const fixed = await api.get("/zones", { token: await api.emu.token({ aud: "cim-api" }) });
    expect(fixed.status).toBe(200);
  });

  it("Authentication 5: an expired token is a 401", async () => {
    const res = await api.get("/zones", { token: await api.emu.token({ ttlSeconds: -10 }) });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/expired/i);
  });

  it("Authentication 5: a token signed with another key is a 401", async () => {
    const { privateKey } = await generateKeyPair("ES256");
    const forged = await new SignJWT({ permissions: ["service:admin"] })
      .setProtectedHeader({ alg: "ES256" })
      .setSubject("user-1")
      .setAudience("cim-api")
      .setExpirationTime("1h")
      .sign(privateKey);
    expect((await api.get("/zones", { token: forged })).status).toBe(401);
    const tampered = `${api.token.slice(0, -4)}AAAA`;
    expect((await api.get("/zones", { token: tampered })).status).toBe(401);
    expect((await api.get("/zones", { token: "not-a-jwt" })).status).toBe(401);
  });

  it("Authentication 6 / Errors 7: an unknown subject is refused with 403 before any resource is reached", async () => {
    const res = await api.get("/compute/instances", { token: await api.emu.token({ sub: "nobody" }) });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("User nobody is not registered");
  });

  it("Authentication 6: an inactive user is refused with 403", async () => {
    const res = await api.get("/compute/instances", { token: await api.emu.token({ sub: "user-inactive" }) });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("User user-inactive is inactive");
  });

  it("Authentication 6: a region without an account for the user is refused with 403 (region selection)", async () => {
    await api.control.user("user-one-region", { regions: [api.primary.id] });
    const token = await api.emu.token({ sub: "user-one-region" });
    expect((await api.get("/zones", { token, region: api.primary.id })).status).toBe(200);
    const other = await api.get("/zones", { token, region: api.secondary.id });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(`No account for user user-one-region in region ${api.secondary.name}`);
  });

  it("Authentication 6: users can be deactivated through the control route, and 403 follows", async () => {
    await api.control.user("user-temp");
    const token = await api.emu.token({ sub: "user-temp" });
    expect((await api.get("/zones", { token })).status).toBe(200);
    await api.control.user("user-temp", { active: false });
    expect((await api.get("/zones", { token })).status).toBe(403);
  });

  it("Authentication 7: a valid token of an active user reaches every customer-facing endpoint without extra permission", async () => {
    for (const path of [
      "/zones",
      "/compute/instances",
      "/volumes",
      "/vpcs",
      "/networks",
      "/audit",
      "/tenants/my-limits",
    ]) {
      expect((await api.get(path)).status, path).toBe(200);
    }
  });

  it("Authentication 8: service:admin gates administrative (/_emulator) routes; a user token gets 403", async () => {
    const asUser = new EmulatorControl(api.emu.url, api.token);
    const refused = await asUser.requests().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(EmulatorControlError);
    expect((refused as EmulatorControlError).status).toBe(403);
    expect(expectErrorBody((refused as EmulatorControlError).body)).toBe(true);
    const none = await fetch(`${api.emu.url}/_emulator/requests`);
    expect(none.status).toBe(401);
    expect(await api.control.requests()).toBeTypeOf("object");
  });

  it("Authentication 9: X-Tenant-Context on instance, volume, network or VPC calls is refused with 400", async () => {
    for (const path of ["/compute/instances", "/volumes", "/networks", "/vpcs"]) {
      const res = await api.get(path, { headers: { "x-tenant-context": "membership-1" } });
      expect(res.status, path).toBe(400);
      expect(res.body.message).toBe("X-Tenant-Context is not accepted on this route");
    }
    const mutation = await api.post("/vpcs", { headers: { "x-tenant-context": "m" }, body: {} });
    expect(mutation.status).toBe(400);
  });

  it("Authentication 9: X-Tenant-Context is accepted on /api/v1/tenants/** and invitation routes", async () => {
    const { id: tenantId } = await api.ok("POST", "/tenants", { body: { name: "auth-9" } });
    const membership = (await api.ok("GET", "/tenants/memberships")).content.find(
      (m: { tenantId: string }) => m.tenantId === tenantId,
    );
    const headers = { "x-tenant-context": membership.id };
    expect((await api.get("/tenants/my-limits", { headers })).status).toBe(200);
    expect((await api.get("/tenants", { headers })).status).toBe(200);
    expect((await api.get("/invitations", { headers })).status).toBe(200);
    // a membership id that is not the caller's is refused on those routes too
    const foreign = await api.get("/tenants", { headers: { "x-tenant-context": "membership-1" } });
    expect(foreign.status).toBe(403);
  });

  it("Authentication 10: everything outside organization endpoints runs on the personal account of the token's subject", async () => {
    await api.control.user("user-2");
    const c = await api.catalogue();
    const mine = await api.instance(c);
    const other = await api.get(`/compute/instances/${mine.id}`, {
      token: await api.emu.token({ sub: "user-2" }),
    });
    expect(other.status).toBe(404);
    const list = await api.get("/compute/instances/all", { token: await api.emu.token({ sub: "user-2" }) });
    expect(list.body.virtualmachines).toEqual([]);
  });

  it("Errors 2: 401 for failed validation versus 403 for an authenticated caller who is not allowed", async () => {
    expect((await api.get("/zones", { token: await api.emu.token({ ttlSeconds: -1 }) })).status).toBe(401);
    expect((await api.get("/zones", { token: await api.emu.token({ sub: "user-inactive" }) })).status).toBe(
      403,
    );
  });
});
