// The gRPC server of the native plugin: Pulumi's `pulumirpc.ResourceProvider` service (the generated definition
// in @pulumi/pulumi/proto/provider_grpc_pb) over @grpc/grpc-js. Each call is handed to the adapter (resource calls)
// or provider/native/config.ts (the provider's own configuration). What is not implemented (Handshake,
// Parameterize, Call, Construct, List, Attach, GetMapping(s)) answers UNIMPLEMENTED, grpc-js's answer for a
// method without a handler, which the engine takes as "not supported": it falls back from Handshake to
// Configure, and asks GetMapping(s) only for `pulumi convert`.
//
// Errors keep their messages (they are the engine's, naming the resource, field and rule); partial state becomes
// the ErrorResourceInitFailed detail of the status, which is how the engine learns that a create left a resource
// behind (it records it with its id and the reasons, as failed). No message ever carries the token: the engine's
// messages never name it, and the server takes it out of any message as a last guard.

import * as grpc from "@grpc/grpc-js";
import * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import { ResourceProviderService } from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import { Any } from "google-protobuf/google/protobuf/any_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { providerConfig } from "../config";
import { aboutResource } from "../lifecycle/engineLog";
import { packageSchema, packageVersion } from "../schema";
import { Adapter, type Functions, InitFailedError } from "./adapter";
import { checkConfig, configure, diffConfig } from "./config";

export interface ServeOptions {
  /** The lookups served as invokes (and listed in the schema's functions). */
  functions?: Functions;
  /** Where to listen; default 127.0.0.1 on a free port. */
  address?: string;
}

export interface Served {
  port: number;
  adapter: Adapter;
  /** Stops taking calls and ends the ones under way. */
  close(): Promise<void>;
}

/** The largest message the server takes: Pulumi's own (a schema or a stack's worth of properties). */
const MAX_MESSAGE = 400 * 1024 * 1024;

/** The message with the token (if the process has one) taken out. */
function redacted(message: string): string {
  const token = providerConfig().token;
  return token && token.length >= 8 ? message.split(token).join("[secret]") : message;
}

/** A thrown error as a gRPC status: its message, and partial state as ErrorResourceInitFailed. */
export function grpcError(err: unknown): Partial<grpc.StatusObject> {
  const message = redacted(err instanceof Error ? err.message : String(err));
  const metadata = new grpc.Metadata();
  if (err instanceof InitFailedError) {
    const detail = new provproto.ErrorResourceInitFailed();
    detail.setId(err.id);
    detail.setProperties(err.properties);
    detail.setInputs(err.inputs);
    detail.setReasonsList(err.reasons.map(redacted));
    const any = new Any();
    any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new statusproto.Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    status.addDetails(any);
    // gRPC's structured error details travel in this trailer; Pulumi's Go side reads them from there.
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return { code: grpc.status.UNKNOWN, details: message, metadata };
}

type Unary<Req, Res> = (req: Req) => Promise<Res> | Res;

/** A call's handler; what it logs is about the request's resource, when the request names one. */
function unary<Req, Res>(fn: Unary<Req, Res>): grpc.handleUnaryCall<Req, Res> {
  return (call, callback) => {
    const urn = (call.request as { getUrn?: () => string }).getUrn?.() ?? "";
    Promise.resolve()
      .then(() => aboutResource(urn, () => fn(call.request)))
      .then(
        (res) => callback(null, res),
        (err) => callback(grpcError(err)),
      );
  };
}

/** Starts the server; resolves once it listens. */
export async function serve(opts: ServeOptions = {}): Promise<Served> {
  const adapter = new Adapter(opts.functions);
  const server = new grpc.Server({ "grpc.max_receive_message_length": MAX_MESSAGE });
  const empty = () => new Empty();
  server.addService(ResourceProviderService as unknown as grpc.ServiceDefinition, {
    getPluginInfo: unary(() => new plugproto.PluginInfo().setVersion(packageVersion())),
    getSchema: unary(() =>
      new provproto.GetSchemaResponse().setSchema(JSON.stringify(packageSchema(opts.functions))),
    ),
    checkConfig: unary(checkConfig),
    diffConfig: unary(diffConfig),
    configure: unary(configure),
    check: unary((req: provproto.CheckRequest) => adapter.check(req)),
    diff: unary((req: provproto.DiffRequest) => adapter.diff(req)),
    create: unary((req: provproto.CreateRequest) => adapter.create(req)),
    read: unary((req: provproto.ReadRequest) => adapter.read(req)),
    update: unary((req: provproto.UpdateRequest) => adapter.update(req)),
    delete: unary(async (req: provproto.DeleteRequest) => {
      await adapter.delete(req);
      return empty();
    }),
    invoke: unary((req: provproto.InvokeRequest) => adapter.invoke(req)),
    cancel: unary(() => {
      adapter.cancel();
      return empty();
    }),
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(opts.address ?? "127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  return {
    port,
    adapter,
    close: () =>
      new Promise<void>((resolve) => {
        server.tryShutdown(() => resolve());
        setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, 2_000).unref();
      }),
  };
}
