import type { RandomBytes } from "../../../shared/refs.js";
import type { Clock } from "../../../shared/time.js";
import type { SharedStore } from "../store/types.js";
import type { JourneyState } from "./state.js";
import { JourneyStore, type JourneyLookup, type JourneyRecord } from "./store.js";
import { StoredJourneyRepo } from "./stored-journey-repo.js";

export interface JourneyRepoOptions {
  ttlMs?: number;
  /** In-process journeys only (a memory store); Redis is bounded by its own maxmemory. */
  maxJourneys?: number;
  now?: Clock;
  random?: RandomBytes;
}

/** Journeys as the tools see them: async, because they may live in another process (Redis). */
export interface JourneyRepo {
  create(state: JourneyState): Promise<JourneyRecord<JourneyState>>;
  get(journeyId: string): Promise<JourneyLookup<JourneyState>>;
  /**
   * Replaces the state of a live journey; its lifetime stays what it was. `change` may run more than
   * once (Redis retries a lost race), so it must only compute. Returning the same state writes nothing.
   */
  update(journeyId: string, change: (state: JourneyState) => JourneyState): Promise<JourneyLookup<JourneyState>>;
  /**
   * A call about this journey is on its way (the remote mode knows before the tool runs): start
   * reading it now, beside the rate-limit check, so the tool's get() finds the read under way. Only
   * where the read is a round trip (Redis); never throws, and a read nobody takes is dropped.
   */
  prefetch?(journeyId: string): void;
}

// The memory store's journeys, by store: servers given one memory store share them, as they would Redis.
const inProcess = new WeakMap<SharedStore, JourneyStore<JourneyState>>();

/**
 * Redis: journeys encoded in the store (StoredJourneyRepo). Memory: journeys kept as objects beside
 * the store, never serialized (decoding and re-encoding a large journey on every call would cost
 * milliseconds), bounded to `maxJourneys` (MAX_JOURNEYS, or TBANK_HOTELS_HTTP_MAX_JOURNEYS in the
 * remote mode) with the earliest expiry making room.
 */
export function createJourneyRepo(store: SharedStore, options: JourneyRepoOptions = {}): JourneyRepo {
  if (store.kind === "redis") return new StoredJourneyRepo(store, options);
  let journeys = inProcess.get(store);
  if (!journeys) {
    journeys = new JourneyStore<JourneyState>(options);
    inProcess.set(store, journeys);
  }
  return new InProcessJourneyRepo(journeys);
}

class InProcessJourneyRepo implements JourneyRepo {
  constructor(private readonly journeys: JourneyStore<JourneyState>) {}

  create(state: JourneyState): Promise<JourneyRecord<JourneyState>> {
    return Promise.resolve(this.journeys.create(state));
  }

  get(journeyId: string): Promise<JourneyLookup<JourneyState>> {
    return Promise.resolve(this.journeys.get(journeyId));
  }

  update(journeyId: string, change: (state: JourneyState) => JourneyState): Promise<JourneyLookup<JourneyState>> {
    return Promise.resolve(this.journeys.update(journeyId, change));
  }
}
