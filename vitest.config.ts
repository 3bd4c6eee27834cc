import { relative } from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// CI=true adds a JSON report so .ci/run can print a plain "N passed, N failed" line.
const reporters = process.env.CI === "true" ? ["default", ["json", { outputFile: ".vitest-results.json" }]] : ["default"];

// Four projects (unit, unit-isolated, integration, e2e), one run: `npm test` runs them all,
// `npx vitest run --project 'unit*'` the unit files.
// They share one group (one maxWorkers), so a slow e2e file waiting on a child process or a timer
// overlaps with CPU-bound unit files instead of running after them. Two CPUs here: three workers,
// because most e2e and integration time is spent waiting on spawned processes and sockets.
/**
 * Vitest's own order keeps each project's files together (by name: e2e, integration, unit), so a
 * long unit file (provider-text's walk over every code point) started last and ran alone at the end.
 * Across projects: files that failed last time first, then the longest last time, then (never run
 * here, as in CI's clean clone) the largest.
 */
class LongestFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const known = (f: TestSpecification) => {
      const key = `${f.project.name}:${relative(config.root, f.moduleId)}`;
      const result = cache.getFileTestResults(key);
      return { failed: result?.failed === true ? 1 : 0, duration: result?.duration ?? Infinity, size: cache.getFileStats(key)?.size ?? Infinity };
    };
    const keyed = files.map((f) => ({ f, k: known(f) }));
    keyed.sort((a, b) => b.k.failed - a.k.failed || cmp(b.k.duration, a.k.duration) || cmp(b.k.size, a.k.size));
    return Promise.resolve(keyed.map((x) => x.f));
  }
}
const cmp = (a: number, b: number): number => (a === b ? 0 : a < b ? -1 : 1);

export default defineConfig({
  test: {
    environment: "node",
    pool: "forks",
    maxWorkers: 3,
    testTimeout: 20_000,
    hookTimeout: 20_000,
    reporters: reporters as never,
    sequence: { sequencer: LongestFirst },
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
