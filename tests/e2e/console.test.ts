// The web console (issue 15) in real headless Chromium, after `pulumi up` of the quickstart: sign-in with the
// prefilled local token, every resource the program made on the page with its state and tags, a record with its
// jobs, a running job that turns to success while the page is open (the job clock holds it; the console's own
// clock control releases it), the audit trail page by page, a 401 (a wrong or an expired token) that brings the
// sign-in back, and the emulator view of an admin token (fault rules). The page talks to the server only
// through /api/v1 and /_emulator with a bearer token, and to nothing else (no CDN).
import * as fs from "node:fs";
import * as path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type ProgramHome, repoRoot, requireToolchain, runPulumi, sourceHome } from "../harness";
import { type Browser, launchBrowser } from "./browser";
import { exampleProgram, startApi, type TestApi, uniqueStack } from "./support";

/** Where the run's screenshot goes; CIM_CONSOLE_SCREENSHOT=docs/console.png refreshes the docs' picture. */
const SCREENSHOT = path.resolve(
  repoRoot,
  process.env.CIM_CONSOLE_SCREENSHOT ?? path.join(".state", "console", "console.png"),
);

interface Made {
  type: string;
  id: string;
  name?: string;
  state?: string;
  tags?: Record<string, string>;
}

let api: TestApi;
let browser: Browser;
let page: Page;
let made: Made[];
let outputs: Record<string, any>;
const seen: { url: string; authorization?: string; region?: string }[] = [];
/** Uncaught errors of the page's scripts: none is expected, in any test. */
const pageErrors: string[] = [];
const stackName = uniqueStack("console");
let home: ProgramHome;
let program: string;
const run = (steps: Parameters<typeof runPulumi>[0]["steps"]) =>
  runPulumi({ home, stackName, program, steps, envVars: api.envVars });

/** A call of the API with the test user's token, for changes made beside the console. */
async function call(method: string, route: string, body?: unknown): Promise<any> {
  const res = await fetch(`${api.emu.url}/api/v1${route}`, {
    method,
    headers: {
      authorization: `Bearer ${api.token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${route}`).toBe(200);
  return res.json();
}

const text = async (p: Page, selector: string) =>
  ((await p.locator(selector).first().textContent()) ?? "").trim();
/** Moves the page to a view of the console (its hash route) without reloading it: the token stays. */
const go = (p: Page, hash: string) => p.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
/**
 * Waits until the sign-in's token field has a value (the local token arrived). Polled from here, not with
 * `waitForFunction`: that re-evaluates its predicate in the page with `eval`, which the console's
 * Content-Security-Policy (`script-src 'self'`) refuses whenever the first check comes too early.
 */
const prefilled = (p: Page) =>
  expect.poll(() => p.locator("#token").inputValue(), { timeout: 15_000, interval: 25 }).not.toBe("");

/** Opens the console and signs in: with `token`, or with the local token the page prefills. */
async function signIn(p: Page, token?: string) {
  if (!p.url().startsWith(api.emu.url)) await p.goto(`${api.emu.url}/`);
  await p.locator("#sign-in").waitFor();
  if (token === undefined) await prefilled(p);
  else await p.fill("#token", token);
  await p.click("#sign-in-form button[type=submit]");
}

beforeAll(async () => {
  requireToolchain();
  home = sourceHome("console");
  program = exampleProgram(home, "quickstart");
  api = await startApi();
  browser = await launchBrowser();
  // the console reads the emulator, not the stack: the stack goes once exported
  const [up, exported] = await run([{ op: "up" }, { op: "export" }, { op: "rm" }]);
  outputs = up.outputs ?? {};
  made = (exported.deployment?.deployment?.resources ?? [])
    .filter((r: any) => r.type.startsWith("pulumi-nodejs:dynamic/cim:"))
    .map((r: any) => ({
      type: r.type.split(":").pop(),
      id: r.id,
      name: r.outputs?.name,
      state: r.outputs?.state,
      tags: r.outputs?.tags,
    }));
  page = await browser.context.newPage();
  page.setDefaultTimeout(15_000);
  page.on("pageerror", (e) => pageErrors.push(e.message));
  page.on("request", (r) => {
    const headers = r.headers();
    seen.push({ url: r.url(), authorization: headers.authorization, region: headers["x-region-context"] });
  });
}, 900_000);

afterEach(() => {
  expect(pageErrors).toEqual([]);
});

afterAll(async () => {
  await browser?.close();
  await api?.close();
});

describe("the console after the quickstart", () => {
  it("signs in with the prefilled local token and lists every resource the program made, with state and tags", async () => {
    await page.goto(`${api.emu.url}/`);
    await signIn(page);
    await page.locator('section.family[data-family="instances"] tr[data-id]').first().waitFor();
    expect(made.map((m) => m.type).sort()).toEqual(
      ["BackupSchedule", "Instance", "Instance", "Network", "Volume", "Vpc"].sort(),
    );
    // Every resource but the backup schedule (a record with neither) has a name and a state to compare.
    expect(made.filter((m) => m.name && m.state).length).toBe(made.length - 1);
    for (const m of made) {
      const row = page.locator(`tr[data-id="${m.id}"]`);
      expect(await row.count(), `${m.type} ${m.id} on the page`).toBe(1);
      if (m.name) expect(await row.locator("td.name").textContent()).toContain(m.name);
      if (m.state) expect((await row.locator("td.state").textContent())?.trim()).toBe(m.state);
      for (const [k, v] of Object.entries(m.tags ?? {})) {
        expect(await row.locator("td.tags").textContent()).toContain(`${k}=${v}`);
      }
    }
    expect(await text(page, `tr[data-id="${outputs.webId}"] td.state`)).toBe("Running");
    expect(await page.locator("#nav-admin").isVisible()).toBe(true); // the local token carries service:admin
    fs.mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
  });

  it("reads only through /api/v1 with the bearer header, from this server alone", () => {
    const origin = new URL(api.emu.url).origin;
    expect(seen.length).toBeGreaterThan(0);
    for (const r of seen) {
      const url = new URL(r.url);
      expect(url.origin, r.url).toBe(origin);
      if (url.pathname === "/" || url.pathname.startsWith("/console/")) continue;
      expect(url.pathname, r.url).toMatch(/^\/api\/v1\//);
      expect(r.authorization, r.url).toMatch(/^Bearer eyJ/);
    }
    const families = seen.filter((r) => new URL(r.url).pathname === "/api/v1/compute/instances");
    expect(families.length).toBeGreaterThan(0);
    expect(families.every((r) => r.region === outputs.region)).toBe(true);
  });

  it("shows another region's records when the region changes", async () => {
    const other = api.emu.regions.find((r) => r.id !== outputs.region)!;
    await page.selectOption("#region", other.id);
    await page.locator("h2", { hasText: `Resources in ${other.name}` }).waitFor();
    await page.locator('.empty-families span[data-family="instances"]').waitFor();
    expect(await page.locator(`tr[data-id="${outputs.webId}"]`).count()).toBe(0);
    await page.selectOption("#region", outputs.region);
    await page.locator(`tr[data-id="${outputs.webId}"]`).waitFor();
  });

  it("opens a record: the record as the API returns it, its tags and its jobs with their raw platform state", async () => {
    await page.click(`tr[data-id="${outputs.volumeId}"] td.name a`);
    const view = page.locator(`.record-view[data-id="${outputs.volumeId}"]`);
    await view.locator("pre.record").waitFor();
    const record = await call("GET", `/volumes/${outputs.volumeId}`);
    expect(JSON.parse((await view.locator("pre.record").textContent()) ?? "")).toEqual(record);
    expect(await text(page, ".record-state")).toBe(record.state);
    expect(await text(page, ".record-tags")).toContain("role=db");
    const jobs = (await call("GET", "/jobs?hoursBack=1")).jobs.filter(
      (j: any) => j.resourceId === outputs.volumeId,
    );
    expect(jobs.map((j: any) => j.command).sort()).toEqual(["attachVolume", "createVolume"]);
    for (const job of jobs) {
      const row = view.locator(`tr[data-job="${job.jobId}"]`);
      expect((await row.locator("td.command").textContent())?.trim()).toBe(job.command);
      expect((await row.locator("td.status").textContent())?.trim()).toBe("success");
      expect((await row.locator("td.raw").textContent())?.trim()).toBe("WEBHOOK_COMPLETED (2)");
    }
  });

  it("shows a running job live until it succeeds, released by the console's own job-clock control", async () => {
    await api.control.jobMode("clock", { latencyMs: 1000 });
    try {
      const { jobId } = await call("POST", `/compute/instances/${outputs.webId}/stop`);
      await go(page, `#/r/${outputs.region}/instances/${outputs.webId}`);
      const job = page.locator(`.record-view tr[data-job="${jobId}"]`);
      await job.locator("td.status", { hasText: "running" }).waitFor();
      expect(await job.locator("td.raw").textContent()).toMatch(/^(PENDING \(0\)|PROCESSING \(1\))$/);
      expect(await text(page, ".record-state")).toBe("Stopping");
      await page.locator(".live").waitFor();

      // An admin in a second tab (signed in on its own: the token lives in each page's memory) moves the clock.
      const admin = await browser.context.newPage();
      await signIn(admin);
      await go(admin, "#/admin");
      await admin.locator(".clock-paused", { hasText: "held" }).waitFor();
      await admin.fill("#advance-ms", "1000");
      await admin.click("button.advance");
      await admin.close();

      await job.locator("td.status", { hasText: "success" }).waitFor({ timeout: 15_000 });
      expect(await job.locator("td.raw").textContent()).toBe("WEBHOOK_COMPLETED (2)");
      await page.locator(".record-state", { hasText: "Stopped" }).waitFor();
      await page.locator(".live").waitFor({ state: "detached" });
    } finally {
      await api.control.jobMode("timed", { latencyMs: 0 });
    }
  });

  it("pages through the audit trail, the run's first create last, linked to its record", async () => {
    // More rows than one page holds: tag changes beside the console (each one an audited mutation).
    for (let i = 0; i < 12; i++)
      await call("POST", `/compute/instances/${outputs.webId}/tags`, { tags: { [`c${i}`]: "x" } });
    const trail = (await call("GET", "/audit?page=1&pageSize=100")).content as any[];
    expect(trail.length).toBeGreaterThan(20);
    await go(page, "#/audit");
    const shown: string[] = [];
    for (let n = 1; ; n++) {
      await page
        .locator(".pager .page", { hasText: `Page ${n} of ${Math.ceil(trail.length / 20)}` })
        .waitFor();
      shown.push(
        ...(await page
          .locator("table.audit tr[data-audit]")
          .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-audit") ?? ""))),
      );
      if ((await page.locator(".pager a.next").count()) === 0) break;
      await page.click(".pager a.next");
    }
    expect(shown).toEqual(trail.map((r) => r.id));
    const first = trail[trail.length - 1];
    expect([first.method, first.path]).toEqual(["POST", "/api/v1/vpcs"]);
    await page.click(`tr[data-audit="${first.id}"] td.resource a`);
    await page.locator(`.record-view[data-id="${outputs.vpcId}"] pre.record`).waitFor();
  });

  it("brings the sign-in back on a 401: a wrong token, then an expired one", async () => {
    await page.click("#sign-out");
    await go(page, "#/resources");
    await signIn(page, "not-a-token");
    await page.locator("#sign-in-message", { hasText: "401" }).waitFor();
    expect(await page.locator("#app-bar").isVisible()).toBe(false);

    // A user token without service:admin: no emulator view.
    await signIn(page, await api.emu.token());
    await page.locator("section.family").first().waitFor();
    expect(await page.locator("#nav-admin").isVisible()).toBe(false);
    await go(page, "#/admin");
    await page.locator(".error", { hasText: "service:admin" }).waitFor();

    await page.click("#sign-out");
    await go(page, "#/resources");
    const expiring = await api.emu.token({ ttlSeconds: 5 });
    const exp = JSON.parse(Buffer.from(expiring.split(".")[1], "base64url").toString()).exp as number;
    await signIn(page, expiring);
    await page.locator("section.family").first().waitFor();
    await new Promise((r) => setTimeout(r, Math.max(0, exp * 1000 - Date.now()) + 500));
    await page.locator(".toolbar button", { hasText: "Refresh" }).click();
    await page.locator("#sign-in-message", { hasText: "expired" }).waitFor();
    expect(await page.locator("#app-bar").isVisible()).toBe(false);
    await prefilled(page);
  });

  it("shows an admin token the fault rules, and adds and removes them through the control routes", async () => {
    const rule = await api.control.fault({ method: "POST", route: "/volumes", status: 503, times: 1 });
    try {
      await signIn(page);
      await page.click("#nav-admin");
      const row = page.locator(`tr[data-fault="${rule.id}"]`);
      await row.waitFor();
      expect(await row.locator("td.route").textContent()).toBe("/volumes");
      expect(await row.locator("td.effect").textContent()).toContain("status 503");

      await page.fill("#fault-rule", JSON.stringify({ method: "GET", route: "/isos", latencyMs: 5 }));
      await page.click("button.add-fault");
      await page.locator("section.faults h3", { hasText: "Fault rules (2)" }).waitFor();
      expect((await api.control.faults()).map((f) => f.route).sort()).toEqual(["/isos", "/volumes"]);

      await row.locator("button.remove").click();
      await row.waitFor({ state: "detached" });
      expect((await api.control.faults()).map((f) => f.route)).toEqual(["/isos"]);
    } finally {
      await api.control.clearFaults();
    }
  });
});
