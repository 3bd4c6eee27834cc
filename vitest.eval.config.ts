import { defineConfig } from "vitest/config";

// The scenario evals: run with `npm run eval`, one scenario after another.
export default defineConfig({
  test: {
    include: ["test/scenarios/**/*.eval.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
