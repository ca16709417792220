// Preflight: base URL rules and JWT decoding fail before any request leaves the process.
import { describe, expect, it } from "vitest";
import { CimClient, ConfigurationError, TokenError } from "../../provider/client";
import { decodeToken, isLoopbackHost, normaliseBaseUrl } from "../../provider/client/auth";
import { fakeJwt, mockClient, useServers } from "./helpers";

const { origin } = useServers();

describe("base URL", () => {
  it("refuses http:// for a non-loopback host before any call", () => {
    expect(() => new CimClient({ baseUrl: "http://api.example.com", token: fakeJwt() })).toThrow(
      ConfigurationError,
    );
    expect(() => new CimClient({ baseUrl: "http://api.example.com", token: fakeJwt() })).toThrow(
      /HTTPS only/,
    );
  });

  it("accepts https anywhere and http on loopback hosts", () => {
    for (const url of [
      "https://api.example.com",
      "http://localhost:8080",
      "http://127.0.0.1:1",
      "http://127.8.9.10",
      "http://[::1]:80",
    ]) {
      expect(() => new CimClient({ baseUrl: url, token: fakeJwt() })).not.toThrow();
    }
    expect(isLoopbackHost("128.0.0.1")).toBe(false);
    expect(isLoopbackHost("localhost.example.com")).toBe(false);
  });

  it("refuses credentials, queries and non-http schemes; strips a trailing /api/v1", () => {
    expect(() => normaliseBaseUrl("https://u:p@api.example.com")).toThrow(/credentials/);
    expect(() => normaliseBaseUrl("https://api.example.com/?x=1")).toThrow(/query/);
    expect(() => normaliseBaseUrl("ftp://api.example.com")).toThrow(ConfigurationError);
    expect(() => normaliseBaseUrl("not a url")).toThrow(/absolute URL/);
    expect(normaliseBaseUrl("https://api.example.com/base/api/v1/")).toBe("https://api.example.com/base");
  });
});

describe("JWT preflight", () => {
  it("refuses a malformed token at construction, saying why, without echoing it", () => {
    const bad = [
      "",
      "abc",
      "a.b",
      "a.b.c.d.e",
      "not*base64.x.y",
      `${Buffer.from("{}").toString("base64url")}.e30.sig`,
    ];
    for (const token of bad) {
      let err: unknown;
      try {
        new CimClient({ baseUrl: "https://api.example.com", token });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(TokenError);
      expect((err as TokenError).problem).toBe("malformed");
      if (token.length > 3) expect((err as Error).message).not.toContain(token);
    }
    expect(() => decodeToken("a.b.c.d.e")).toThrow(/encrypted/);
  });

  it("refuses an expired token before any call and says when it expired", async () => {
    const o = origin();
    const token = fakeJwt({}, -600);
    const { client } = mockClient(o.agent, { token });
    const err = await client.catalogue.zones().catch((e) => e);
    expect(err).toBeInstanceOf(TokenError);
    expect(err.problem).toBe("expired");
    expect(err.expiredAt).toBeInstanceOf(Date);
    expect(err.message).toContain(err.expiredAt.toISOString());
    expect(err.message).toMatch(/10 min ago/);
    expect(o.calls()).toHaveLength(0);
  });

  it("says how long ago the token expired, to the second, and advises the setting it came from", async () => {
    const o = origin();
    const ago = (seconds: number, tokenSource?: "stack" | "env") =>
      mockClient(o.agent, { token: fakeJwt({}, -seconds), tokenSource })
        .client.catalogue.zones()
        .catch((e: Error) => e.message);
    const fresh = await ago(2, "env");
    expect(fresh).toMatch(/\((2|3) s ago\)/);
    expect(fresh).toContain("The API token (CIM_TOKEN) expired");
    expect(fresh).toContain("set it in the CIM_TOKEN environment variable");
    expect(fresh).not.toMatch(/pulumi config set|min ago/);
    const stack = await ago(3 * 60 + 5, "stack");
    expect(stack).toMatch(/\(3 min ago\)/);
    expect(stack).toContain("The API token (cim:token) expired");
    expect(stack).toContain("`pulumi config set --secret cim:token`");
    expect(stack).not.toContain("CIM_TOKEN");
    expect(await ago(2 * 3600 + 60)).toMatch(/\(2 h 1 min ago\)/);
    expect(o.calls()).toHaveLength(0);
  });

  it("checks the audience when cim:audience is set", () => {
    const base = { baseUrl: "https://api.example.com" };
    expect(
      () => new CimClient({ ...base, token: fakeJwt({ aud: "cim-api" }), audience: "cim-api" }),
    ).not.toThrow();
    expect(
      () => new CimClient({ ...base, token: fakeJwt({ aud: ["x", "cim-api"] }), audience: "cim-api" }),
    ).not.toThrow();
    const idToken = fakeJwt({ aud: "console-app", nonce: "n" });
    const err = (() => {
      try {
        new CimClient({ ...base, token: idToken, audience: "cim-api" });
      } catch (e) {
        return e as TokenError;
      }
    })();
    expect(err).toBeInstanceOf(TokenError);
    expect(err?.problem).toBe("audience");
    expect(err?.message).toMatch(/identity \(ID\) token/);
    expect(err?.message).toContain("console-app");
    // Without cim:audience the token is sent and the API decides.
    expect(() => new CimClient({ ...base, token: idToken })).not.toThrow();
  });

  it("exposes non-secret claims only", () => {
    const c = new CimClient({ baseUrl: "https://api.example.com", token: fakeJwt({ sub: "alice" }) });
    expect(c.tokenClaims.subject).toBe("alice");
    expect(c.tokenClaims.audience).toEqual(["cim-api"]);
    expect(c.tokenClaims.expiresAt).toBeInstanceOf(Date);
  });

  it("tolerates a pasted 'Bearer ' prefix and sends exactly one", async () => {
    const o = origin();
    o.pool.intercept({ path: "/api/v1/zones", method: "GET" }).reply(200, []);
    const token = fakeJwt();
    const { client } = mockClient(o.agent, { token: `Bearer ${token}\n` });
    await client.catalogue.zones();
    expect(o.calls()[0].headers.authorization).toBe(`Bearer ${token}`);
  });
});
