// Answers that are not the API's JSON: a proxy's HTML error page and JSON cut short on its way. The client
// must say what it got (whose page, that the answer was cut), never show markup or a parser's complaint
// ("Unexpected token '<'", the Go providers' "invalid character '<'"), and treat them as the transient
// failures they are: reads are tried again.
import { afterEach, describe, expect, it } from "vitest";
import { CimClient, InternalServerError, InvalidResponseError, makeApiError } from "../../provider/client";
import { describeUnreadable, htmlHeadline, parseBody } from "../../provider/client/bodies";
import { fakeJwt } from "./helpers";
import { rawServer, sendJson } from "./rawServer";

const NGINX_502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";
const AWS_ELB_504 =
  '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>504 Gateway Time-out</title></head><body>The server didn&#39;t respond in time.</body></html>';
const ACCEPTED = JSON.stringify({
  jobId: "0b6f7a2c-1111-2222-3333-444455556666",
  id: "9a6f7a2c-1111-2222-3333-444455556666",
});
const PARSER_WORDS = /Unexpected token|invalid character|is not valid JSON|JSON at position|<html|<\/?title/i;

describe("bodies that are not JSON", () => {
  it("an HTML page is described by its title (or first heading), from any proxy's wording", () => {
    expect(htmlHeadline(NGINX_502)).toBe("502 Bad Gateway");
    expect(htmlHeadline(AWS_ELB_504)).toBe("504 Gateway Time-out");
    expect(htmlHeadline("<html><body><h1>Service &amp; API down</h1></body></html>")).toBe(
      "Service & API down",
    );
    expect(htmlHeadline("<html><body><p>  just\n text </p></body></html>")).toBe("just text");
    for (const [text, type] of [
      [NGINX_502, undefined],
      [AWS_ELB_504, "text/html; charset=utf-8"],
      ["Bad Gateway", "text/html"],
    ] as const) {
      const parsed = parseBody(text, type);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.unreadable.kind).toBe("html");
    }
  });

  it("JSON cut anywhere is recognised as cut short, with its length; other junk is not", () => {
    for (const n of [1, 5, 10, 20, Math.floor(ACCEPTED.length / 2), ACCEPTED.length - 1]) {
      const cut = ACCEPTED.slice(0, n);
      const parsed = parseBody(cut, "application/json");
      expect(parsed.ok, cut).toBe(false);
      if (!parsed.ok) {
        expect(parsed.unreadable.kind, cut).toBe("truncated");
        expect(parsed.unreadable.description).toBe(
          `JSON cut short after ${n} bytes (the answer did not arrive whole)`,
        );
      }
    }
    expect(parseBody(ACCEPTED)).toEqual({ ok: true, value: JSON.parse(ACCEPTED) });
    const junk = parseBody('{"a":1}x');
    expect(junk.ok).toBe(false);
    if (!junk.ok) expect(junk.unreadable.kind).toBe("text");
    expect(describeUnreadable("Bad Gateway").description).toBe('text that is not JSON ("Bad Gateway")');
  });

  it("an error built from an HTML body names the page and its source, never its markup", () => {
    const ctx = { method: "POST", path: "/api/v1/compute/instances", region: "r-1" };
    const err = makeApiError(502, NGINX_502, ctx);
    expect(err).toBeInstanceOf(InternalServerError);
    expect(err.message).toBe(
      'POST /api/v1/compute/instances (region r-1) failed with 502: an HTML page "502 Bad Gateway" from a proxy or gateway in front of the API, not the API itself. A proxy or gateway in front of the API got no usable answer from it in time; run again later.',
    );
    // the request id only when the server sent one, and then it is shown and named in the advice
    const withId = makeApiError(502, NGINX_502, ctx, { requestId: "gw-4f2a" });
    expect(withId.message).toContain("failed with 502 (request id gw-4f2a): an HTML page");
    expect(withId.message).toContain("and if it persists report it with request id gw-4f2a.");
    expect(err.message).not.toMatch(/request id/);
    const busy = makeApiError(503, NGINX_502.replaceAll("502 Bad Gateway", "503 Service Unavailable"), ctx, {
      retryAfterMs: 3000,
    });
    expect(busy.retryAfterMs).toBe(3000);
    expect(busy.message).toContain("The API is unavailable for now (it asked to wait 3 s); run again later.");
    expect(busy.message).not.toMatch(PARSER_WORDS);
  });
});

describe("through the client", () => {
  let server: Awaited<ReturnType<typeof rawServer>> | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  const client = (url: string) =>
    new CimClient({ baseUrl: url, token: fakeJwt(), retry: { baseDelayMs: 5, maxDelayMs: 10 } });
  const html = (status: number, page: string) => (res: import("node:http").ServerResponse) => {
    res.writeHead(status, { "content-type": "text/html", "content-length": Buffer.byteLength(page) });
    res.end(page);
  };

  it("a read answered by a proxy's 502 page is tried again, and the last error describes the page", async () => {
    server = await rawServer((_call, res, n) => {
      if (n <= 2) html(502, NGINX_502)(res);
      else sendJson(res, 200, [{ id: "z1", name: "zone" }]);
    });
    expect(await client(server.url).catalogue.zones()).toEqual([{ id: "z1", name: "zone" }]);
    expect(server.calls).toHaveLength(3);

    await server.close();
    server = await rawServer((_call, res) => html(504, AWS_ELB_504)(res));
    const err = await client(server.url)
      .catalogue.zones()
      .catch((e) => e);
    expect(err).toBeInstanceOf(InternalServerError);
    expect(err.status).toBe(504);
    expect(err.message).toContain('an HTML page "504 Gateway Time-out" from a proxy or gateway');
    expect(err.message).toContain("[gave up after 3 attempts]");
    expect(err.message).not.toMatch(PARSER_WORDS);
  });

  it("a 200 whose body is a proxy's HTML page says so, not that JSON failed to parse", async () => {
    server = await rawServer((_call, res) =>
      html(200, "<html><head><title>Sign in - Portal</title></head><body>…</body></html>")(res),
    );
    const err = await client(server.url)
      .catalogue.zones()
      .catch((e) => e);
    expect(err).toBeInstanceOf(InvalidResponseError);
    expect(err.unreadable.kind).toBe("html");
    expect(err.message).toContain(
      'answered 200 with an HTML page "Sign in - Portal" instead of the API\'s JSON. A proxy, gateway or sign-in page answered in place of the API',
    );
    expect(err.message).not.toMatch(PARSER_WORDS);
  });

  it("a read whose JSON arrives cut short is tried again; if it stays cut, the error says so", async () => {
    const zones = JSON.stringify([{ id: "z1", name: "zone" }]);
    const cut = (res: import("node:http").ServerResponse) => {
      const text = zones.slice(0, 9);
      res.writeHead(200, { "content-type": "application/json", "content-length": text.length });
      res.end(text);
    };
    server = await rawServer((_call, res, n) => (n === 1 ? cut(res) : sendJson(res, 200, JSON.parse(zones))));
    expect(await client(server.url).catalogue.zones()).toEqual(JSON.parse(zones));
    expect(server.calls).toHaveLength(2);

    await server.close();
    server = await rawServer((_call, res) => cut(res));
    const err = await client(server.url)
      .catalogue.zones()
      .catch((e) => e);
    expect(err).toBeInstanceOf(InvalidResponseError);
    expect(err.unreadable.kind).toBe("truncated");
    expect(err.message).toContain(
      "answered 200 with JSON cut short after 9 bytes (the answer did not arrive whole) instead of the API's JSON. The connection or a proxy cut the answer short",
    );
    expect(err.message).toContain("[gave up after 3 attempts]");
    expect(err.message).not.toMatch(PARSER_WORDS);
  });
});
