import type { Logger } from "../../../shared/logger.js";
import type { Clock } from "../../../shared/time.js";
import { JOURNEY_STORE_CAPS } from "../journey/stored-journey-repo.js";
import { MemorySharedStore } from "./memory.js";
import { RedisSharedStore } from "./redis.js";
import type { SharedStore } from "./types.js";

export type { SharedStore } from "./types.js";
export { MemorySharedStore } from "./memory.js";
export { RedisSharedStore } from "./redis.js";

export interface SharedStoreDeps {
  /** The memory store's clock (Redis keeps its own time). */
  now?: Clock;
  logger?: Logger;
}

/**
 * The store behind journeys and rate-limit windows: Redis for a `redis://` or `rediss://` URL
 * (config.http.storeUrl, already checked by the config), memory otherwise. Nothing connects here:
 * Redis is dialled on first use and `ping()` tells whether it answers.
 */
export function createSharedStore(url: string | undefined, deps: SharedStoreDeps = {}): SharedStore {
  if (url === undefined) return new MemorySharedStore({ now: deps.now, maxEntriesByNamespace: JOURNEY_STORE_CAPS });
  return new RedisSharedStore({ url, ...(deps.logger ? { logger: deps.logger } : {}), ...(deps.now ? { now: deps.now } : {}) });
}
