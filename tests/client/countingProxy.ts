// A pass-through HTTP proxy in front of an API (the emulator) that counts the requests in flight at the
// server side: from when a request arrives until its answer has been sent in full. Used to measure
// cim:maxConcurrentRequests where it matters, at the API, not inside the client that enforces it. It also keeps
// the requests in the order they arrived (method, path with query, body), for tests that compare the calls
// two ways of driving the provider make.

import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";

export interface CountingProxy {
  url: string;
  /** The most requests in flight at once since the last reset. */
  peak(): number;
  /** Requests answered since the last reset. */
  served(): number;
  /** The requests since the last reset, in the order they arrived: `METHOD /path?query body`. */
  log(): string[];
  reset(): void;
  close(): Promise<void>;
}

export async function countingProxy(target: string): Promise<CountingProxy> {
  const upstream = new URL(target);
  let inFlight = 0;
  let peak = 0;
  let served = 0;
  let log: string[] = [];
  const server = createServer((req, res) => {
    const at = log.push(`${req.method} ${req.url}`) - 1;
    const body: Buffer[] = [];
    req.on("data", (d: Buffer) => body.push(d));
    req.on("end", () => {
      if (body.length) log[at] += ` ${Buffer.concat(body).toString("utf8")}`;
    });
    inFlight++;
    peak = Math.max(peak, inFlight);
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      inFlight--;
      served++;
    };
    res.on("finish", finish);
    res.on("close", finish);
    const out = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on("error", () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    peak: () => peak,
    served: () => served,
    log: () => [...log],
    reset: () => {
      peak = inFlight;
      served = 0;
      log = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
