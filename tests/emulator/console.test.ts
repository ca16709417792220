// The console's routes on the emulator: the page and its files (from this server, with a policy that forbids
// anything from elsewhere), the description of the API derived from the registry of families, and the local
// token, given to a client on this machine that names this machine and to nobody else. The console in a browser
// is tests/e2e/console.test.ts.
import * as http from "node:http";
import { networkInterfaces } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleAppDir } from "../../emulator/console";
import { localTokenRefusal } from "../../emulator/console/local";
import { consoleMeta, listRoutes } from "../../emulator/console/meta";
import { FAMILIES } from "../../emulator/families";
import { apiRoute, defineFamily } from "../../emulator/family";
import { startEmulator } from "../../emulator/index";
import { repoRoot } from "../harness";
import { Api } from "./harness";

let api: Api;
beforeAll(async () => {
  api = await Api.start();
});
afterAll(() => api.close());

/** A GET with headers fetch will not send (Host); `localAddress` picks the interface the request leaves from. */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let body = "";
        res.on("data", (c) => {
          body += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on("error", reject);
  });
}

describe("Console routes", () => {
  it("serves the page at / and its files under /console/, from this server only, and nothing else there", async () => {
    const page = await fetch(`${api.emu.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const csp = page.headers.get("content-security-policy") ?? "";
    for (const d of ["default-src 'none'", "script-src 'self'", "connect-src 'self'", "style-src 'self'"]) {
      expect(csp).toContain(d);
    }
    const html = await page.text();
    expect(html).toContain('<script type="module" src="/console/main.js">');
    expect(html).not.toMatch(/https?:\/\//); // no CDN: every file comes from this server

    const main = await fetch(`${api.emu.url}/console/main.js`);
    expect(main.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(await main.text()).toContain('from "./api.js"');
    expect((await fetch(`${api.emu.url}/console/views/record.js`)).status).toBe(200);
    for (const missing of ["/console/nope.js", "/console/../package.json", "/console/%2e%2e/package.json"]) {
      expect((await rawGet(`${api.emu.url}${missing}`)).status, missing).toBe(404);
    }
  });

  it("does not count console requests among the API's", async () => {
    await api.control.resetRequests();
    await fetch(`${api.emu.url}/`);
    await fetch(`${api.emu.url}/console/meta.json`);
    await api.get("/zones");
    expect(await api.control.requests()).toEqual({ "GET /api/v1/zones": 1 });
  });

  it("answers the job clock and the job timing on GET, as the console's emulator view reads them", async () => {
    const clock = await api.control.call("GET", "/clock");
    expect(clock).toMatchObject({ paused: false, held: false, skewMs: 0 });
    expect(await api.control.call("GET", "/job-timing")).toMatchObject({ mode: "timed", latencyMs: 0 });
    const user = await fetch(`${api.emu.url}/_emulator/clock`, {
      headers: { authorization: `Bearer ${api.token}` },
    });
    expect(user.status).toBe(403); // not for a token without service:admin
  });
});

describe("Console description of the API (meta.json)", () => {
  it("lists every family of the registry by its collection route, and names the ones the API cannot list", async () => {
    const meta = (await (await fetch(`${api.emu.url}/console/meta.json`)).json()) as any;
    expect(meta).toEqual(consoleMeta());
    const keys = [...meta.families, ...meta.unlisted].map((f: { key: string }) => f.key);
    expect(keys.sort()).toEqual(FAMILIES.map((f) => f.key).sort());
    const byKey = Object.fromEntries(meta.families.map((f: any) => [f.key, f]));
    expect(byKey.instances).toMatchObject({
      list: "/api/v1/compute/instances",
      item: "/api/v1/compute/instances/{id}",
    });
    expect(byKey.clusters.list).toBe("/api/v1/compute/kubernetes/clusters"); // not /versions
    expect(byKey.vmSchedules.item).toBe("/api/v1/compute/instances/schedules/{id}");
    expect(byKey.instanceGroups.list).toBe("/api/v1/instance-groups"); // its only GET route, no record route
    expect(byKey.instanceGroups.item).toBeUndefined();
    expect(byKey.fileSystems).toMatchObject({
      list: "/api/v1/filesystems",
      item: "/api/v1/filesystems/{id}",
    });
    expect(meta.unlisted.map((u: { key: string }) => u.key).sort()).toEqual(["annotations"]);
    expect(meta.rawStates).toEqual({ 0: "PENDING", 1: "PROCESSING", 2: "WEBHOOK_COMPLETED", 3: "FAILED" });
    for (const f of meta.families) {
      expect((await api.get(f.list.replace("/api/v1", ""))).status, f.list).toBe(200);
    }
  });

  it("takes a new family from its declaration alone", () => {
    const handler = () => ({ status: 200 });
    const gadgets = defineFamily<any>({
      key: "gadgets",
      label: "Gadget",
      states: { busy: ["Building"] },
      routes: [
        apiRoute("GET", "/gadgets/catalogue", handler),
        apiRoute("GET", "/gadgets", handler),
        apiRoute("DELETE", "/gadgets/{gadgetId}", handler),
      ],
    });
    expect(listRoutes(gadgets)).toEqual({ list: "/api/v1/gadgets", item: undefined });
    expect(consoleMeta([...FAMILIES, gadgets]).families.at(-1)).toMatchObject({
      key: "gadgets",
      busy: ["Building"],
    });
  });
});

describe("Local token", () => {
  it("gives a client on this machine that names it a token of this data dir's key, with service:admin", async () => {
    const res = await fetch(`${api.emu.url}/console/local-token`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const { token } = (await res.json()) as { token: string };
    expect((await api.get("/regions", { token })).status).toBe(200);
    const faults = await fetch(`${api.emu.url}/_emulator/faults`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(faults.status).toBe(200);
    const port = new URL(api.emu.url).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
      expect((await rawGet(`${api.emu.url}/console/local-token`, { host })).status, host).toBe(200);
    }
  });

  it("refuses a Host that does not name this machine (DNS rebinding) and another site's page", async () => {
    const port = new URL(api.emu.url).port;
    const refused = await rawGet(`${api.emu.url}/console/local-token`, { host: `attacker.example:${port}` });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).message).toContain("Host header");
    expect(refused.body).not.toMatch(/eyJ/);
    const crossSite = await rawGet(`${api.emu.url}/console/local-token`, { "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
  });

  const external = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && !i.internal && i.family === "IPv4")?.address;

  it.skipIf(!external)("refuses a client that reaches the emulator from another address", async () => {
    const emu = await startEmulator({ port: 0, host: "0.0.0.0" });
    try {
      const port = new URL(emu.url).port;
      const res = await rawGet(`http://${external}:${port}/console/local-token`, {
        host: `127.0.0.1:${port}`,
      });
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body).message).toContain("loopback");
      expect((await rawGet(`http://${external}:${port}/`)).status).toBe(200); // the page itself is for anyone
    } finally {
      await emu.close();
    }
  });

  it("reads the peer and the Host header as the rules say", () => {
    const ok = { remoteAddress: "127.0.0.1", host: "127.0.0.1:8080" };
    expect(localTokenRefusal(ok)).toBeUndefined();
    expect(localTokenRefusal({ remoteAddress: "::ffff:127.0.0.1", host: "localhost" })).toBeUndefined();
    expect(
      localTokenRefusal({ remoteAddress: "::1", host: "[::1]:8080", fetchSite: "same-origin" }),
    ).toBeUndefined();
    expect(localTokenRefusal({ ...ok, fetchSite: "none" })).toBeUndefined();
    expect(localTokenRefusal({ ...ok, remoteAddress: "10.1.2.3" })).toMatch(/loopback/);
    expect(localTokenRefusal({ ...ok, remoteAddress: undefined })).toMatch(/loopback/);
    expect(localTokenRefusal({ ...ok, host: "127.0.0.1.attacker.example" })).toMatch(/Host/);
    expect(localTokenRefusal({ ...ok, host: undefined })).toMatch(/Host/);
    expect(localTokenRefusal({ ...ok, fetchSite: "same-site" })).toMatch(/another site/);
  });
});

describe("Console files", () => {
  it("are found from the compiled emulator too (dist/emulator/console → emulator/console/app)", () => {
    const fromSource = consoleAppDir();
    expect(fromSource).toBe(join(repoRoot, "emulator", "console", "app"));
    expect(consoleAppDir(join(repoRoot, "dist", "emulator", "console"))).toBe(fromSource);
  });
});
