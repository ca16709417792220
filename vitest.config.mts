import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    // Every temporary folder of the run (the tests' and their processes') under one, removed at the end.
    globalSetup: ["tests/harness/tmpRoot.ts"],
    // e2e tests drive the real Pulumi CLI; they set their own longer timeouts.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Vitest's default in run mode is one worker fewer than the cores: one on the 2-core machines here, so
    // every file ran after the other. Most files drive the Pulumi CLI and the emulator and wait on them (jobs,
    // engine steps, process start) as much as they compute; three at a time keeps both cores busy. Files are
    // independent: each starts its own emulator on a free port and its own stacks and folders.
    maxWorkers: 3,
  },
});
