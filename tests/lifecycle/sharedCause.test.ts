// What the provider reports when many resources meet one cause (no route to the API, an expired token, a
// gateway's error page): the first resource to report it says it whole, every other one a line that points at
// it; the host's own line about each error is not printed; the token's advice names where it came from.
// Providers are called in-process, several at once, as the engine does in a refresh or a destroy.
import type { ServerResponse } from "node:http";
import type * as pulumi from "@pulumi/pulumi";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { EmulatorControl, startEmulator } from "../../emulator";
import { providerFor } from "../../provider";
import { CimClient } from "../../provider/client";
import { setProviderConfig } from "../../provider/config";
import { resetBatches } from "../../provider/lifecycle/readBatch";
import { resetCircuit } from "../../provider/lifecycle/session";
import { fakeJwt, REGION_A } from "../client/helpers";
import { rawServer } from "../client/rawServer";

const saved = { ...process.env };
const p = providerFor("Instance");
const servers: { close(): Promise<void> }[] = [];

beforeEach(() => {
  resetCircuit();
  resetBatches();
});
afterEach(async () => {
  process.env = { ...saved };
  // no stack config: the settings come from the environment again
  setProviderConfig({ get: () => undefined } as unknown as pulumi.dynamic.Config);
  for (const s of servers.splice(0)) await s.close();
});
afterAll(() => {
  process.env = saved;
});

const PAGE = "<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>";

/** An address whose every answer is a gateway's 502 page (with `headers`). */
async function gateway(headers: Record<string, string> = {}) {
  const s = await rawServer((_c, res: ServerResponse) => {
    res.writeHead(502, {
      "content-type": "text/html",
      "content-length": Buffer.byteLength(PAGE),
      ...headers,
    });
    res.end(PAGE);
  });
  servers.push(s);
  return s;
}

/** `n` instances as state records them, each with its own id and name. */
const instances = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `0000000${i}-0000-4000-8000-000000000000`,
    props: { name: `vm-${i}`, region: REGION_A, zoneId: "z", templateId: "t", serviceOfferingId: "o" },
  }));

/** The messages of what failed, when `op` runs on every instance at once. */
async function failures(op: "read" | "delete", n: number): Promise<string[]> {
  const settled = await Promise.allSettled(
    instances(n).map(({ id, props }) => (op === "read" ? p.read!(id, props) : p.delete!(id, props))),
  );
  return settled.map((r) => (r.status === "rejected" ? (r.reason as Error).message : "succeeded"));
}

const pointer = (action: string, done: "not retried" | "not tried", cause: string) =>
  new RegExp(
    `^cim:Instance "vm-\\d" \\(id [0-9a-f-]+\\) in region \\S+: ${action} ${done}: ${cause} \\(reported on cim:Instance "vm-\\d" \\(id [0-9a-f-]+\\)\\)\\.$`,
  );

describe("a cause every resource meets is reported once", () => {
  it("a refresh against a gateway's 502 page: one message with the page, the others one line; no request id to report", async () => {
    const s = await gateway();
    process.env.CIM_BASE_URL = s.url;
    process.env.CIM_TOKEN = fakeJwt();
    const messages = await failures("read", 8);
    const full = messages.filter((m) => m.includes("refresh failed:"));
    expect(full).toHaveLength(1);
    expect(full[0]).toMatch(/failed with 502: an HTML page "502 Bad Gateway" from a proxy or gateway/);
    expect(full[0]).toContain("run again later.");
    const short = messages.filter((m) =>
      pointer("refresh", "not retried", 'the API answered 502: an HTML page "502 Bad Gateway".*').test(m),
    );
    expect(short, messages.join("\n")).toHaveLength(7);
    for (const m of messages) expect(m).not.toMatch(/request id/);
  });

  it("the request id a gateway sends is shown, and asked for when it persists", async () => {
    const s = await gateway({ "x-request-id": "gw-77" });
    process.env.CIM_BASE_URL = s.url;
    process.env.CIM_TOKEN = fakeJwt();
    const messages = await failures("read", 3);
    const full = messages.filter((m) => m.includes("refresh failed:"));
    expect(full).toHaveLength(1);
    expect(full[0]).toContain("failed with 502 (request id gw-77): an HTML page");
    expect(full[0]).toContain("and if it persists report it with request id gw-77.");
    expect(
      messages.filter((m) => m.includes("not retried: the API answered 502 (request id gw-77)")),
    ).toHaveLength(2);
  });

  it("a destroy without a route to the API: the first delete says it, the others one line each", async () => {
    // Nothing listens on the discard port: a closed test server's port may be taken again by then (every test
    // file starts servers on free ports), and the connection would meet that server instead of a refusal.
    const url = "http://127.0.0.1:9";
    process.env.CIM_BASE_URL = url;
    process.env.CIM_TOKEN = fakeJwt();
    const messages = await failures("delete", 5);
    const full = messages.filter((m) => m.includes("delete failed:"));
    expect(full).toHaveLength(1);
    expect(full[0]).toMatch(
      /could not talk to http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED: .*Check cim:baseUrl/,
    );
    const origin = url.replace(/[.:/]/g, "\\$&");
    expect(
      messages.filter((m) =>
        pointer("delete", "not retried", `could not talk to ${origin} \\(ECONNREFUSED\\)`).test(m),
      ),
    ).toHaveLength(4);
  });

  it("a cause a best-effort lookup met first: the first resource to report it names its own call, then the lookup's", async () => {
    process.env.CIM_BASE_URL = "http://127.0.0.1:9";
    process.env.CIM_TOKEN = fakeJwt();
    // a check's lookups are best effort: the refused connection fails nothing there, and no one reports it yet
    const checked = await providerFor("Volume").check!(
      {},
      {
        name: "d1",
        zoneId: "11111111-2222-3333-4444-555555555555",
        diskOfferingId: "11111111-2222-3333-4444-555555555556",
      },
    );
    expect(checked.failures).toEqual([]);
    const [{ id, props }] = instances(1);
    const err = (await p.delete!(id, props).catch((e) => e)) as Error;
    // the delete's first call: the jobs running in the region (any left on the instance are waited for first)
    expect(err.message).toMatch(
      new RegExp(
        `: delete failed: GET /api/v1/jobs\\?hoursBack=2&page=1&pageSize=200 \\(region ${REGION_A}\\) not retried: an earlier call met this first: GET /api/v1/\\S+ \\(default region\\): could not talk to http://127\\.0\\.0\\.1:9 \\(ECONNREFUSED`,
      ),
    );
  });

  it("an expired token: its age to the second, and the advice for the setting it came from", async () => {
    const s = await gateway();
    process.env.CIM_BASE_URL = s.url;
    process.env.CIM_TOKEN = fakeJwt({}, -2);
    const fromEnv = await failures("read", 4);
    const full = fromEnv.filter((m) => m.includes("refresh failed:"));
    expect(full).toHaveLength(1);
    expect(full[0]).toMatch(/The API token \(CIM_TOKEN\) expired at \S+ \([23] s ago\)\./);
    expect(full[0]).toContain("set it in the CIM_TOKEN environment variable.");
    expect(full[0]).not.toMatch(/pulumi config set|min ago/);
    expect(
      fromEnv.filter((m) => pointer("refresh", "not tried", "the API token expired at \\S+").test(m)),
    ).toHaveLength(3);
    expect(s.calls, "nothing is sent with an expired token").toHaveLength(0);

    // the same token from the stack config: the advice is the stack's setting
    resetCircuit();
    const token = fakeJwt({}, -190);
    const stack: Record<string, string> = { "cim:baseUrl": s.url, "cim:token": token };
    setProviderConfig({ get: (k: string) => stack[k] } as unknown as pulumi.dynamic.Config);
    const fromStack = await failures("read", 2);
    expect(fromStack[0]).toMatch(/The API token \(cim:token\) expired at \S+ \(3 min ago\)\./);
    expect(fromStack[0]).toContain("`pulumi config set --secret cim:token`");
    expect(fromStack.join("\n")).not.toContain("CIM_TOKEN");
    for (const m of [...fromEnv, ...fromStack]) expect(m).not.toContain(token);
  });
});

describe("the host's own line about an error", () => {
  // Pulumi's dynamic-provider host does `console.error(`${err}: ${err.stack}`)` for check, diff, read and delete.
  const host = async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (e) {
      console.error(`${e}: ${(e as Error).stack}`);
      return e as Error;
    }
    throw new Error("expected a failure");
  };

  it("is not printed (the message says everything); CIM_DEBUG=stack keeps it with the stack", async () => {
    const printed: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void printed.push(args.map(String).join(" "));
    try {
      process.env.CIM_BASE_URL = "http://127.0.0.1:9";
      process.env.CIM_TOKEN = fakeJwt({}, -60);
      const [{ id, props }] = instances(1);
      const err = await host(() => p.read!(id, props));
      expect(err.message).toMatch(/refresh failed: The API token/);
      expect(printed).toEqual([]);
      console.error("another line");
      expect(printed).toEqual(["another line"]);

      process.env.CIM_DEBUG = "stack";
      await host(() => p.read!(id, props));
      expect(printed).toHaveLength(2);
      expect(printed[1]).toMatch(/^ResourceError: cim:Instance "vm-0" .*refresh /);
      expect(printed[1]).toMatch(/\n\s+at /);
    } finally {
      console.error = original;
    }
  });
});

describe("work the API accepted, then not followed to its end", () => {
  it("a destroy whose jobs the API accepted and whose job reads then fail: each says its job was accepted and may still finish", async () => {
    const emu = await startEmulator({ port: 0, jobLatencyMs: 1500 });
    servers.push(emu);
    const ctl = await EmulatorControl.of(emu);
    process.env.CIM_BASE_URL = emu.url;
    process.env.CIM_TOKEN = await emu.token();
    process.env.CIM_POLL_INTERVAL_MS = "50";
    const client = new CimClient({ baseUrl: emu.url, token: process.env.CIM_TOKEN });
    const zoneId = (await client.catalogue.zones())[0].id;
    const templateId = (await client.catalogue.templates()).find((t) => t.name === "Ubuntu 22.04 LTS")!.id;
    const serviceOfferingId = (await client.catalogue.computeOfferings()).find((o) => o.name === "Small")!.id;
    const made = await Promise.all(
      [0, 1, 2].map(async (i) => {
        const inputs = { name: `gone-${i}`, zoneId, templateId, serviceOfferingId };
        const checked = await p.check!({}, inputs);
        return p.create(checked.inputs);
      }),
    );
    resetCircuit();
    await ctl.resetRequests();
    const deleting = Promise.allSettled(made.map(({ id, outs }) => p.delete!(id, outs)));
    // once every delete is accepted (its job takes 1.5 s), every read (jobs, records) meets a gateway's 502 page
    const route = "DELETE /api/v1/compute/instances/{id}";
    while (((await ctl.requests())[route] ?? 0) < 3) await new Promise((r) => setTimeout(r, 20));
    await ctl.fault({ method: "GET", route: "/**", status: 502 });
    const settled = await deleting;
    const messages = settled.map((r) =>
      r.status === "rejected" ? (r.reason as Error).message : "succeeded",
    );
    expect(messages).toHaveLength(3);
    for (const m of messages) {
      expect(m).toMatch(
        /Its job \S+ \((instance\.destroy|destroyVirtualMachine)[^)]*\) was accepted and may still finish: once that is fixed, pulumi refresh reads how it ended and pulumi up goes on from there\./,
      );
      expect(m).not.toMatch(/not tried/);
    }
    expect(messages.filter((m) => /: delete not followed to its end: /.test(m))).toHaveLength(2);
  }, 60_000);
});
