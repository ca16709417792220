// The entry of the plugin `pulumi-resource-cim` (bin/ runs it with node). The engine starts one process per
// provider (the default one, or each explicit cim.Provider), passes the engine's address as the first argument
// (provider/lifecycle/engineLog.ts sends progress there) and reads the port of the gRPC server from the first
// line of standard output. Nothing else is written to standard output: the engine would take it as the port.

// First: the young generation stops growing before the rest of the implementation loads (as on the dynamic path).
import "../lifecycle/heap";
import { nativeFunctions } from "../lookups";
import { serve } from "./server";

async function main(): Promise<void> {
  const served = await serve({ functions: nativeFunctions });
  process.stdout.write(`${served.port}\n`);
  // The engine ends the plugin when it is done with it; a closed stdin or a signal ends it as well.
  const stop = () => void served.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err) => {
  process.stderr.write(`pulumi-resource-cim: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
