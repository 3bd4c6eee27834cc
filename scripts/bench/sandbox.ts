import { createSandboxClock } from "../sandbox/clock.js";
import { generateHotels } from "../sandbox/data/hotels.js";
import { buildLocations } from "../sandbox/data/locations.js";
import { makeSecretFactory } from "../sandbox/env.js";
import { createHotelsModule } from "../sandbox/hotels/module.js";
import type { IdentityApi } from "../sandbox/identity/types.js";
import { median, ms, type BenchRow } from "./stats.js";

const noIdentity: IdentityApi = {
  verifyAccessToken: () => undefined,
  approve: () => undefined,
  deny: () => undefined,
  stats: () => ({ sessionsActive: 0, sessionsRevoked: 0, accessTokensIssued: 0, refreshRotations: 0, reuseDetections: 0, revocationRequests: 0 }),
};

function time(work: () => unknown): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

/**
 * Building the sandbox's Hotels module (every test file does, often several times) against
 * generating the hotels of its largest city, which is what the module would pay per city if it
 * generated them up front. Interleaved, with a fresh seed per run so nothing is cached.
 */
export function benchSandbox(runs = 50): BenchRow[] {
  const largest = [...buildLocations("bench")].sort((a, b) => b.hotelsCount - a.hotelsCount)[0];
  if (!largest) throw new Error("the sandbox has no locations");
  const build = (seed: string) => () =>
    createHotelsModule(
      { clock: createSandboxClock(), seed, canary: undefined, accessTokenTtlSeconds: 600, refreshTokenTtlSeconds: 86_400, deviceCodeTtlSeconds: 600, deviceIntervalSeconds: 5, origin: () => "", secret: makeSecretFactory(undefined) },
      noIdentity,
    );
  const module: number[] = [];
  const city: number[] = [];
  for (let i = 0; i < 5; i++) {
    time(build(`warm-${i}`));
    time(() => generateHotels(`warm-${i}`, largest));
  }
  for (let i = 0; i < runs; i++) {
    module.push(time(build(`bench-${i}`)));
    city.push(time(() => generateHotels(`bench-${i}`, largest)));
  }
  return [
    {
      name: "sandbox Hotels module build (median)",
      figure: ms(median(module)),
      anchor: `${largest.name} hotels ${ms(median(city))}`,
      ratio: median(module) / median(city),
      goal: "< 1x",
    },
  ];
}
