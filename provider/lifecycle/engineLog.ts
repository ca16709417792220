// Warnings a provider shows the user through the engine, as Pulumi shows any warning (inline in the progress
// display and again under Diagnostics): the quota preflight's at preview, and what a delete could not do (a comment
// the API cannot delete stays in the cloud). Notes (severity info) say what a step will really do where the plan
// cannot show it (an adoption previews as a create). The dynamic-provider host is started with the engine's address as its
// first argument but does not connect @pulumi/pulumi's log to it, so this module does, through the engine's Log
// RPC. Without that address (in-process tests) a warning goes to stderr, which the engine shows as a plain message.

import * as path from "node:path";

/** Where warnings go; replaceable for tests (`captureWarnings`). */
let sink: (message: string) => Promise<void> = toEngine;

/** Logs a warning through the engine. Never throws. */
export async function engineWarning(message: string): Promise<void> {
  try {
    await sink(message);
  } catch {
    // a warning that cannot be shown never fails the operation that wanted to show it
  }
}

/** Test seam: warnings go to `capture` instead of the engine (none: back to the engine). */
export function captureWarnings(capture?: (message: string) => void): void {
  sink = capture ? async (m) => capture(m) : toEngine;
}

/** Where notes go; replaceable for tests (`captureNotes`). */
let noteSink: (message: string) => Promise<void> = (m) => toEngine(m, "info");

/** Logs a note (severity info) through the engine. Never throws. */
export async function engineNote(message: string): Promise<void> {
  try {
    await noteSink(message);
  } catch {
    // as for warnings
  }
}

/** Test seam: notes go to `capture` instead of the engine (none: back to the engine). */
export function captureNotes(capture?: (message: string) => void): void {
  noteSink = capture ? async (m) => capture(m) : (m) => toEngine(m, "info");
}

async function toEngine(message: string, severity: "warning" | "info" = "warning"): Promise<void> {
  const address = engineAddress();
  if (address) {
    try {
      await logToEngine(address, message, severity);
      return;
    } catch {
      // fall through to stderr
    }
  }
  process.stderr.write(`${severity}: ${message}\n`);
}

function engineAddress(): string | undefined {
  const [, script, address] = process.argv;
  if (!script || !/dynamic-provider/.test(script)) return undefined;
  return address && /^[\w.-]+:\d+$|^\[[0-9a-fA-F:]+\]:\d+$/.test(address) ? address : undefined;
}

let engineClient: { client: any; engproto: any } | undefined;

function logToEngine(address: string, message: string, severity: "warning" | "info"): Promise<void> {
  if (!engineClient) {
    // The engine protocol stubs and the gRPC library @pulumi/pulumi itself uses (one copy, same instance).
    const pulumiDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
    const grpc = require(require.resolve("@grpc/grpc-js", { paths: [pulumiDir] }));
    const engrpc = require("@pulumi/pulumi/proto/engine_grpc_pb");
    const engproto = require("@pulumi/pulumi/proto/engine_pb");
    engineClient = { client: new engrpc.EngineClient(address, grpc.credentials.createInsecure()), engproto };
  }
  const { client, engproto } = engineClient;
  const req = new engproto.LogRequest();
  req.setSeverity(severity === "info" ? engproto.LogSeverity.INFO : engproto.LogSeverity.WARNING);
  req.setMessage(message);
  req.setUrn("");
  req.setEphemeral(false);
  return new Promise((resolve, reject) => {
    client.log(req, { deadline: Date.now() + 5_000 }, (err: unknown) => (err ? reject(err) : resolve()));
  });
}
