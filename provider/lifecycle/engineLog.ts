// Messages a provider shows the user through the engine, as Pulumi shows any diagnostic: warnings (inline in the
// progress display and again under Diagnostics: the quota preflight's at preview, what a delete could not do),
// notes (info: what a step will really do where the plan cannot show it, an adoption previewing as a create) and
// the progress of long waits (status: on the resource's line while the wait lasts, not under Diagnostics). The dynamic-provider host is started with the engine's address as its first
// argument but does not connect @pulumi/pulumi's log to it, so this module does, through the engine's Log RPC.
// Without that address (in-process tests) a message goes to stderr, which the engine shows as a plain message.
// The native plugin knows which resource each request is about, and its messages name it (the engine shows them
// on that resource's line); the dynamic host does not tell, and its messages are the stack's.

import { AsyncLocalStorage } from "node:async_hooks";
import * as path from "node:path";

/**
 * `status`: an info message the engine shows on its resource's line while it lasts (ephemeral), not again under
 * Diagnostics at the end: the progress of a wait, which a later report or the end of the step replaces.
 */
export type Severity = "info" | "warning" | "status";

/** Where messages go; replaceable for tests (`captureWarnings`, `captureInfo`, `captureStatus`). */
const sinks: Record<Severity, (message: string) => Promise<void>> = {
  warning: (m) => toEngine("warning", m),
  info: (m) => toEngine("info", m),
  status: (m) => toEngine("status", m),
};

const about = new AsyncLocalStorage<string>();

/** Runs `fn` with the messages it logs attributed to the resource `urn` (none: the stack). */
export function aboutResource<T>(urn: string, fn: () => T): T {
  return about.run(urn, fn);
}

/** The URN of the resource the current request is about: known on the native plugin only (aboutResource). */
export function currentResource(): string | undefined {
  return about.getStore() || undefined;
}

/** A URN's resource name, its last part: `web` of `urn:pulumi:dev::app::cim:index:Instance::web`. */
export const urnName = (urn: string): string => urn.slice(urn.lastIndexOf("::") + 2);

/** The program's name of the resource the current request is about, where known. */
export function currentResourceName(): string | undefined {
  const urn = currentResource();
  return urn ? urnName(urn) : undefined;
}

/** Logs a warning through the engine. Never throws. */
export async function engineWarning(message: string): Promise<void> {
  await send("warning", message);
}

/** Logs an informational message (what an adoption will do) through the engine. Never throws. */
export async function engineInfo(message: string): Promise<void> {
  await send("info", message);
}

/** Logs the progress of a wait: shown on the resource's line while it lasts, not under Diagnostics. Never throws. */
export async function engineStatus(message: string): Promise<void> {
  await send("status", message);
}

async function send(severity: Severity, message: string): Promise<void> {
  try {
    await sinks[severity](message);
  } catch {
    // a message that cannot be shown never fails the operation that wanted to show it
  }
}

/** Test seam: warnings go to `capture` instead of the engine (none: back to the engine). */
export function captureWarnings(capture?: (message: string) => void): void {
  sinks.warning = capture ? async (m) => capture(m) : (m) => toEngine("warning", m);
}

/** Test seam: info messages go to `capture` instead of the engine (none: back to the engine). */
export function captureInfo(capture?: (message: string) => void): void {
  sinks.info = capture ? async (m) => capture(m) : (m) => toEngine("info", m);
}

/** Test seam: status messages (a wait's progress) go to `capture` instead of the engine (none: back to it). */
export function captureStatus(capture?: (message: string) => void): void {
  sinks.status = capture ? async (m) => capture(m) : (m) => toEngine("status", m);
}

async function toEngine(severity: Severity, message: string): Promise<void> {
  const address = engineAddress();
  if (address) {
    try {
      await logToEngine(address, severity, message);
      return;
    } catch {
      // fall through to stderr
    }
  }
  process.stderr.write(`${severity === "status" ? "info" : severity}: ${message}\n`);
}

/** The address of the engine's server a plugin or dynamic-provider process was started with (its first argument). */
export function engineAddress(): string | undefined {
  const [, script, address] = process.argv;
  if (!script || !/dynamic-provider|native[\\/]main/.test(script)) return undefined;
  return address && /^[\w.-]+:\d+$|^\[[0-9a-fA-F:]+\]:\d+$/.test(address) ? address : undefined;
}

let engineClient: { client: any; engproto: any } | undefined;

function logToEngine(address: string, severity: Severity, message: string): Promise<void> {
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
  req.setSeverity(severity === "warning" ? engproto.LogSeverity.WARNING : engproto.LogSeverity.INFO);
  req.setMessage(message);
  req.setUrn(about.getStore() ?? "");
  req.setEphemeral(severity === "status");
  return new Promise((resolve, reject) => {
    client.log(req, { deadline: Date.now() + 5_000 }, (err: unknown) => (err ? reject(err) : resolve()));
  });
}
