import { defineConfig } from "vitest/config";

// CI=true adds a JSON report so .ci/run can print a plain "N passed, N failed" line.
const reporters = process.env.CI === "true" ? ["default", ["json", { outputFile: ".vitest-results.json" }]] : ["default"];

// Three projects, one run: `npm test` runs them all, `npx vitest run --project unit` one of them.
// They share one group (one maxWorkers), so a slow e2e file waiting on a child process or a timer
// overlaps with CPU-bound unit files instead of running after them. Two CPUs here: three workers,
// because most e2e and integration time is spent waiting on spawned processes and sockets.
export default defineConfig({
  test: {
    environment: "node",
    pool: "forks",
    maxWorkers: 3,
    testTimeout: 20_000,
    hookTimeout: 20_000,
    reporters: reporters as never,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          // Unit files share one module graph per worker: importing zod, the SDK and the tool table
          // once per worker instead of once per file. Files that mock a module stay isolated.
          isolate: false,
          exclude: ["test/unit/retry-walk.test.ts"],
        },
      },
      {
        extends: true,
        test: { name: "unit-isolated", include: ["test/unit/retry-walk.test.ts"] },
      },
      {
        extends: true,
        test: { name: "integration", include: ["test/integration/**/*.test.ts", "test/security/**/*.test.ts"] },
      },
      {
        extends: true,
        test: { name: "e2e", include: ["test/e2e/**/*.test.ts"] },
      },
    ],
  },
});
