// A tiny real HTTP server for transport faults MockAgent cannot produce (a reset in the middle of a response
// body, a request that lands and is never answered) and for counting pooled connections.

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RawCall {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export type RawHandler = (call: RawCall, res: ServerResponse, n: number) => void;

export async function rawServer(handler: RawHandler) {
  const calls: RawCall[] = [];
  let connections = 0;
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      const call = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body };
      calls.push(call);
      handler(call, res, calls.length);
    });
  });
  server.on("connection", () => {
    connections++;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

/** Headers and half a body, then the socket is destroyed. */
export function resetMidResponse(res: ServerResponse) {
  res.writeHead(200, { "content-type": "application/json", "content-length": 1000 });
  res.write('{"jobId":"j-partial","id":');
  setTimeout(() => res.socket?.destroy(), 5);
}
