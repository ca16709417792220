// The entry of the plugin `pulumi-resource-cim` (bin/ runs it with node). The engine starts one process per
// provider (the default one, or each explicit cim.Provider), passes the engine's address as the first argument
// (provider/lifecycle/engineLog.ts sends progress there) and reads the port of the gRPC server from the first
// line of standard output. Nothing else is written to standard output: the engine would take it as the port.

import { shareWithDeployment } from "../lifecycle/deploymentShared";
import type { Functions } from "./adapter";
import { endWhenOrphaned } from "./orphan";
import { serve } from "./server";

/** The engine's process, as it was when this one started (orphan.ts). */
const parent = process.ppid;

let lookups: Functions | undefined;
/**
 * The lookups, loaded at the first call that needs them (GetSchema or an Invoke): they load the whole of
 * @pulumi/pulumi (the SDK's lookups share its Config and RunError), about half a second of CPU that every plugin
 * process would otherwise pay before its port, in every `pulumi up`, `preview` and `refresh`, lookups or not.
 */
const loaded = (): Functions =>
  (lookups ??= (require("../lookups") as typeof import("../lookups")).nativeFunctions);
const lazyFunctions: Functions = {
  schemas: () => loaded().schemas(),
  types: () => loaded().types(),
  run: (token, args) => loaded().run(token, args),
};

async function main(): Promise<void> {
  // what this process's resources claim, change, keep and count, for the plugin processes of the deployment's other
  // providers (lifecycle/deploymentShared.ts)
  shareWithDeployment();
  const served = await serve({ functions: lazyFunctions });
  process.stdout.write(`${served.port}\n`);
  // The engine ends the plugin when it is done with it (a signal): the server closes first. An engine gone without
  // doing so (its CLI killed with SIGKILL) ends it at once (orphan.ts): nobody is left to answer, and the server's
  // close would only add its own wait to polls nobody records.
  const stop = () => void served.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  endWhenOrphaned(process.argv[2], () => process.exit(0), { parent });
}

main().catch((err) => {
  process.stderr.write(`pulumi-resource-cim: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
