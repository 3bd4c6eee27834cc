import { defineConfig } from "vitest/config";

// CI=true adds a JSON report so .ci/run can print a plain "N passed, N failed" line.
const reporters = process.env.CI === "true" ? ["default", ["json", { outputFile: ".vitest-results.json" }]] : ["default"];

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 20_000,
    reporters: reporters as never,
  },
});
