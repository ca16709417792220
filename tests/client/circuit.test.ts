// Shared causes met once (provider/client/circuit.ts): calls of one scope that meet the same cause wait for
// the first call's retries instead of retrying each, and then fail with one line that points at it; a blip
// that recovers, another region, or an answer that shows the cause gone fails nothing.
import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import {
  Circuit,
  ConnectionError,
  InternalServerError,
  RequestTimeoutError,
  SharedCauseError,
  sharedCauseOf,
  TokenError,
} from "../../provider/client";
import { clientAt, fakeJwt, REGION_A, REGION_B, useServers } from "./helpers";

const { server } = useServers();

const PAGE =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body><center><h1>502 Bad Gateway</h1></center></body>\r\n</html>\r\n";
const page = (res: ServerResponse, status = 502) => {
  res.writeHead(status, { "content-type": "text/html", "content-length": Buffer.byteLength(PAGE) });
  res.end(PAGE);
};
const zones = (res: ServerResponse) => {
  const body = JSON.stringify([{ id: "z1", name: "zone" }]);
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
};

/** `n` reads at once; each one's result or error. */
const reads = (n: number, read: () => Promise<unknown>) =>
  Promise.all(Array.from({ length: n }, () => read().catch((e: Error) => e)));

describe("a cause every call meets", () => {
  it("a persistent 502 page: the first read retries and reports it, the others one line each", async () => {
    const s = await server((_c, res) => page(res));
    const circuit = new Circuit();
    const client = clientAt(s.url, { circuit });
    const errors = (await reads(10, () => client.catalogue.zones())) as Error[];

    const full = errors.filter((e) => e instanceof InternalServerError);
    const short = errors.filter((e) => e instanceof SharedCauseError) as SharedCauseError[];
    expect(full).toHaveLength(1);
    expect(short).toHaveLength(9);
    expect(full[0].message).toContain("[gave up after 3 attempts]");
    // no request id was given: none is shown, and none is asked for
    for (const e of errors) expect(e.message).not.toMatch(/request id/);
    for (const e of short) {
      expect(e.message).toMatch(
        /^GET \/api\/v1\/zones \(default region\) not retried: the API answered 502: an HTML page "502 Bad Gateway" .* \(an earlier call met it first\)\.$/,
      );
      expect(e.tried).toBe(true);
      expect(sharedCauseOf(e)?.cause).toBe(full[0]);
    }
    expect(sharedCauseOf(full[0])?.cause).toBe(full[0]);
    // the first read's three attempts and one of each other: not thirty
    expect(s.calls).toHaveLength(12);

    // without a circuit every read retries on its own
    const alone = clientAt(s.url);
    s.calls.length = 0;
    const each = (await reads(10, () => alone.catalogue.zones())) as Error[];
    expect(each.every((e) => e instanceof InternalServerError)).toBe(true);
    expect(s.calls).toHaveLength(30);
  });

  it("an address that never answers (reads time out): the first read retries and reports it, the others one line each", async () => {
    let silent = true;
    const s = await server((_c, res) => {
      if (!silent) zones(res);
    });
    // 400 ms, not 50: the held read must come within a timeout of the last silence, and at 50 ms the test failed once on a loaded machine
    const client = clientAt(s.url, { circuit: new Circuit(), timeoutMs: 400 });
    const errors = (await reads(6, () => client.catalogue.zones())) as Error[];
    const full = errors.filter((e) => e instanceof RequestTimeoutError);
    const short = errors.filter((e) => e instanceof SharedCauseError);
    expect(full).toHaveLength(1);
    expect(short).toHaveLength(5);
    for (const e of short) {
      expect(e.message).toMatch(
        /^GET \/api\/v1\/zones \(default region\) not retried: no answer within 400 ms /,
      );
      expect(sharedCauseOf(e)?.cause).toBe(full[0]);
    }
    // the first read's three attempts and one of each other's
    expect(s.calls).toHaveLength(8);
    // within a timeout of the last silence a read is not even sent: it would wait out its timeout too
    const held = await client.catalogue.zones().catch((e: Error) => e);
    expect(held).toBeInstanceOf(SharedCauseError);
    expect((held as SharedCauseError).tried).toBe(false);
    expect((held as Error).message).toMatch(/not tried: no answer within 400 ms/);
    expect(s.calls).toHaveLength(8);
    // after it, the next read is sent, and an answer closes the cause
    silent = false;
    await new Promise((r) => setTimeout(r, 420));
    expect(await client.catalogue.zones()).toEqual([{ id: "z1", name: "zone" }]);
    expect(s.calls).toHaveLength(9);
  });

  it("a blip that recovers within the retries fails nothing, and leaves nothing behind", async () => {
    const s = await server((_c, res, n) => (n <= 4 ? page(res) : zones(res)));
    const client = clientAt(s.url, { circuit: new Circuit() });
    const results = await reads(4, () => client.catalogue.zones());
    for (const r of results) expect(r).toEqual([{ id: "z1", name: "zone" }]);
  });

  it("another region is not failed by one region's gateway; an answer of the region closes the cause", async () => {
    let down = true;
    const s = await server((c, res) =>
      down && c.headers["x-region-context"] === REGION_A ? page(res, 503) : zones(res),
    );
    const client = clientAt(s.url, { circuit: new Circuit() });
    const first = await client.catalogue.zones({ region: REGION_A }).catch((e) => e);
    expect(first).toBeInstanceOf(InternalServerError);
    expect(await client.catalogue.zones({ region: REGION_B })).toHaveLength(1);
    const again = await client.catalogue.zones({ region: REGION_A }).catch((e) => e);
    expect(again).toBeInstanceOf(SharedCauseError);

    // the region answers again: the next read goes through, as any later one
    down = false;
    const calls = s.calls.length;
    expect(await client.catalogue.zones({ region: REGION_A })).toHaveLength(1);
    expect(s.calls.length).toBe(calls + 1);
    down = true;
    const fresh = await client.catalogue.zones({ region: REGION_A }).catch((e) => e);
    expect(fresh, "established anew, with its own retries").toBeInstanceOf(InternalServerError);
    expect(fresh.attempts).toBe(3);
  });

  it("no route to the API: every region of the address meets it once", async () => {
    // Nothing listens on the discard port: a closed test server's port may be taken again by then (every test
    // file starts servers on free ports), and the connection would meet that server instead of a refusal.
    const url = "http://127.0.0.1:9";
    const client = clientAt(url, { circuit: new Circuit() });
    const [a, b] = await Promise.all([
      client.catalogue.zones({ region: REGION_A }).catch((e) => e),
      client.catalogue.zones({ region: REGION_B }).catch((e) => e),
    ]);
    const [full, short] = a instanceof ConnectionError ? [a, b] : [b, a];
    expect(full).toBeInstanceOf(ConnectionError);
    expect(short).toBeInstanceOf(SharedCauseError);
    expect(short.message).toMatch(
      /not retried: could not talk to http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/,
    );
  });

  it("an expired token: one error says it, the others are not tried, nothing is sent", async () => {
    const s = await server((_c, res) => zones(res));
    const token = fakeJwt({}, -2);
    const circuit = new Circuit();
    const client = clientAt(s.url, { circuit, token, tokenSource: "env" });
    const errors = (await reads(5, () => client.catalogue.zones())) as Error[];
    expect(errors.filter((e) => e instanceof TokenError)).toHaveLength(1);
    const short = errors.filter((e) => e instanceof SharedCauseError) as SharedCauseError[];
    expect(short).toHaveLength(4);
    for (const e of short) {
      expect(e.tried).toBe(false);
      expect(e.message).toMatch(
        /^GET \/api\/v1\/zones \(default region\) not tried: the API token expired at /,
      );
    }
    for (const e of errors) expect(e.message).not.toContain(token);
    expect(s.calls).toHaveLength(0);
    // another token of the same address is its own scope
    const other = clientAt(s.url, { circuit, token: fakeJwt() });
    expect(await other.catalogue.zones()).toHaveLength(1);
  });
});
