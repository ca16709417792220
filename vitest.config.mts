import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    // e2e tests drive the real Pulumi CLI; they set their own longer timeouts.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
