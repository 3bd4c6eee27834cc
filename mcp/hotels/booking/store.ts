import type { RandomBytes } from "../../../shared/refs.js";
import type { Clock } from "../../../shared/time.js";
import { JourneyStore } from "../journey/store.js";
import type { BookingDraft, DraftPhase } from "./draft.js";

// Drafts live 60 minutes from creation, on their own clock: a long conversation does not make a
// fresh draft depend on what is left of the journey it came from. Bounded like the journeys (the
// draft closest to expiry makes room), and nothing survives a restart, guest PII least of all.

export const DRAFT_TTL_MS = 60 * 60_000;
export const MAX_DRAFTS = 100;

export interface DraftRecord {
  bookingDraftId: string;
  expiresAtMs: number;
  draft: BookingDraft;
}

export type DraftLookup = { status: "found"; record: DraftRecord } | { status: "expired" } | { status: "not_found" };

/** What `claim` found: the draft moved to the new phase, or it was in another phase and stayed there. */
export type DraftClaim = { claimed: true; from: DraftPhase; record: DraftRecord } | { claimed: false; lookup: DraftLookup };

export class BookingDraftStore {
  private readonly records: JourneyStore<BookingDraft>;

  constructor(options: { now?: Clock; random?: RandomBytes; ttlMs?: number; maxDrafts?: number } = {}) {
    this.records = new JourneyStore<BookingDraft>({
      ttlMs: options.ttlMs ?? DRAFT_TTL_MS,
      maxJourneys: options.maxDrafts ?? MAX_DRAFTS,
      refKind: "bookingDraftId",
      ...(options.now ? { now: options.now } : {}),
      ...(options.random ? { random: options.random } : {}),
    });
  }

  create(draft: BookingDraft): DraftRecord {
    const r = this.records.create(draft);
    return { bookingDraftId: r.journeyId, expiresAtMs: r.expiresAtMs, draft: r.state };
  }

  get(bookingDraftId: string): DraftLookup {
    return toDraftLookup(this.records.get(bookingDraftId));
  }

  // Replaces the draft of a live record; its lifetime stays what it was.
  update(bookingDraftId: string, change: (draft: BookingDraft) => BookingDraft): DraftLookup {
    return toDraftLookup(this.records.update(bookingDraftId, change));
  }

  /**
   * Moves the draft to `to` only from one of `from`, in one synchronous step: of two confirms of the
   * same draft, exactly one claims it.
   */
  claim(bookingDraftId: string, from: readonly DraftPhase[], to: DraftPhase): DraftClaim {
    const lookup = this.get(bookingDraftId);
    if (lookup.status !== "found" || !from.includes(lookup.record.draft.phase)) return { claimed: false, lookup };
    const was = lookup.record.draft.phase;
    const moved = this.update(bookingDraftId, (d) => ({ ...d, phase: to }));
    if (moved.status !== "found") return { claimed: false, lookup: moved };
    return { claimed: true, from: was, record: moved.record };
  }

  get size(): number {
    return this.records.size;
  }
}

function toDraftLookup(lookup: ReturnType<JourneyStore<BookingDraft>["get"]>): DraftLookup {
  if (lookup.status !== "found") return lookup;
  const { journeyId, expiresAtMs, state } = lookup.journey;
  return { status: "found", record: { bookingDraftId: journeyId, expiresAtMs, draft: state } };
}
