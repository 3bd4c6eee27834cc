import type { Clock } from "../../shared/time.js";
/** Sandbox time: the real clock plus an offset tests can move forward, so token expiry needs no sleeps. */
export interface SandboxClock {
  now(): number;
  advance(ms: number): void;
}

export function createSandboxClock(base: Clock = Date.now): SandboxClock {
  let offset = 0;
  return {
    now: () => base() + offset,
    advance: (ms) => {
      offset += ms;
    },
  };
}
