// The harness of every suite that drives the real Pulumi CLI: where programs run from (homes.ts) and the one
// Automation API runner with its driver (runner.cjs, session.ts).
export * from "./homes";
export * from "./session";
