import { z } from "zod";
import { isAwaitingPayment } from "../../../../shared/bookings.js";
import { quoted } from "../../../../shared/provider-text.js";
import { ConfirmationPhraseSchema } from "../../../../shared/protocol/ops-hotels-writes.js";
import { failure, success } from "../../../shared/outcome.js";
import type { BookingDraft, DraftPhase } from "../../booking/draft.js";
import type { HotelsContext } from "../../context.js";
import { executeWrite, type ExecuteOutcome } from "../../writes/execute.js";
import { factsLine, presentExecuted, WriteOutput, type WriteSteps } from "../../writes/present.js";
import { busyReadiness } from "../../writes/busy.js";
import { writeReadiness } from "../../writes/readiness.js";
import { defineTool, type ToolOutcome } from "../define.js";
import { OptionalAnyValue, AnyObject } from "../schemas.js";
import { DraftIdInput, draftGone, draftSummary, loadDraft, notReady } from "./common.js";

const Output = WriteOutput.extend({ state: OptionalAnyValue, bookingRef: OptionalAnyValue, summary: AnyObject.optional() });
type Out = z.infer<typeof Output>;

const STEPS: WriteSteps = {
  execute: "call tbank_hotels_confirm_booking again with the same bookingDraftId, preparedRequestHash and confirmationPhrase",
  prepare: "call tbank_hotels_validate_checkout and tbank_hotels_prepare_draft_booking again",
  check: "tbank_hotels_list_bookings",
  alternative: "the person can book on the seller's page: tbank_hotels_create_checkout_handoff",
};

/**
 * Where the draft goes after an execute. A write that may have happened never reopens the draft
 * (a new preparation would be a second booking), nor does one the person may still approve; one the
 * broker never sent and never will returns to ready, any other answer to where it was.
 */
function phaseAfter(outcome: ExecuteOutcome, from: DraftPhase): DraftPhase {
  switch (outcome.status) {
    case "committed":
      return "confirmed";
    case "outcome_unknown":
    case "in_progress":
      return "outcome_unknown";
    case "approval_pending":
      return "pending";
    case "refused_by_provider":
    case "approval_denied":
    case "approval_timeout":
      return "ready";
    case "preparation_invalid":
      // Expired or refused by the broker: the person can no longer approve it.
      return from === "pending" && outcome.problem !== "wrong_phrase" ? "ready" : from;
    case "execution_unavailable":
    case "cancelled":
    case "broker_failure":
      return from;
  }
}

function settle(draft: BookingDraft, outcome: ExecuteOutcome, from: DraftPhase): BookingDraft {
  const phase = phaseAfter(outcome, from);
  if (outcome.status === "committed" && (outcome.result.facts.kind === "booking" || outcome.result.facts.kind === "ls_booking")) {
    const { bookingRef, taskStatus, orderStatus } = outcome.result.facts;
    return { ...draft, phase, booked: { bookingRef, taskStatus, orderStatus } };
  }
  // The provider refused at the prepared price (price_changed...): it must be checked and prepared again.
  if (outcome.status === "refused_by_provider") return { ...draft, phase, validation: null, preparation: null };
  // Expired or refused by the broker: only a new preparation can go on (unless the write may have happened).
  if (outcome.status === "preparation_invalid" && outcome.problem !== "wrong_phrase" && phase === "ready") return { ...draft, phase, preparation: null };
  return { ...draft, phase };
}

// What the person is told must stay true after this chat: the bookingRef expires with the broker's
// refs (30 min), so it is the model's handle for its next calls, never something to hand over.
function confirmedStep(orderStatus: string | null): string {
  const pay = orderStatus !== null && isAwaitingPayment(orderStatus) ? " It awaits payment: the person pays via tbank_hotels_create_payment_handoff_preview (a page in their browser)." : "";
  return (
    "tell the person the booking is made (hotel, dates, price above) and listed in their bookings (T-Bank app, tbank_hotels_list_bookings); voucher: tbank_hotels_save_voucher once CONFIRMED. " +
    `bookingRef is for your calls only (expires in 30 min): do not give it to the person. taskStatus IN_PROGRESS: still being confirmed.${pay} Do not confirm or book again.`
  );
}

// Not RECONCILE: its "same preparedRequestHash" would be this call's wrong one, a repeat that cannot help.
const RECONCILE_WITH_PREPARED =
  "the last confirmation's outcome is unknown: call tbank_hotels_confirm_booking with the preparedRequestHash and confirmationPhrase that tbank_hotels_prepare_draft_booking returned to reconcile it. Do not create a new draft or book again";

const AWAITING_WITH_PREPARED =
  "the person has this draft's pending request to approve: call tbank_hotels_confirm_booking with the preparedRequestHash and confirmationPhrase that tbank_hotels_prepare_draft_booking returned (the ones of your approval_pending confirm) to hear their decision. Do not prepare again";

const UNRECONCILABLE =
  "the broker no longer holds a record of this unknown outcome (kept 24 h) and its preparation expired, so confirm cannot reconcile it. Read tbank_hotels_list_bookings to see whether the booking exists; do not create a new draft or book again until it is clear.";

function answer(ctx: HotelsContext, outcome: ExecuteOutcome, draft: BookingDraft, requestHash: string): ToolOutcome<Out> {
  const shown = presentExecuted(outcome, { kind: "booking", requestHash }, STEPS, draft.stay.lang);
  const state = draft.phase;
  if (outcome.status === "committed" && draft.booked) {
    const r = outcome.result;
    const summary = draftSummary(draft, ctx.now());
    const { bookingRef, orderStatus } = draft.booked;
    return success({ ...shown.structured, status: "confirmed", state, bookingRef, summary, nextStep: confirmedStep(orderStatus) }, [
      `status=confirmed state=${state} requestHash=${requestHash} replayed=${r.replayed} reconciled=${r.reconciled} completedAt=${r.completedAt}`,
      factsLine(r.facts, draft.stay.lang, r.reconciled),
      `${quoted(summary.hotel)}, ${summary.dates}; ${summary.price}`,
    ]);
  }
  const nextStep =
    state === "outcome_unknown" && outcome.status === "preparation_invalid"
      ? UNRECONCILABLE
      : state === "outcome_unknown"
        ? `${shown.structured.nextStep} Do not create a new draft.`
        : shown.structured.nextStep;
  const text = shown.text.replace(/\nnext: [^\n]*$/, `\nstate=${state}\nnext: ${nextStep}`);
  return { ...shown, structured: { ...shown.structured, state, nextStep }, text };
}

export const confirmBooking = defineTool({
  name: "tbank_hotels_confirm_booking",
  title: "Confirm a draft's booking",
  description:
    "Books the prepared draft once the person approves it outside the chat (`tbank-mcp approve` or the approval page). approval_pending: not decided yet, call again unchanged. " +
    "outcome_unknown: call again later to reconcile, never a new draft.",
  toolset: "booking",
  input: z.strictObject({ bookingDraftId: DraftIdInput, preparedRequestHash: z.string().max(64), confirmationPhrase: ConfirmationPhraseSchema }),
  output: Output,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  handler: async ({ bookingDraftId, preparedRequestHash, confirmationPhrase }, ctx, extra): Promise<ToolOutcome<Out>> => {
    // Readiness first (the seed): a server that cannot execute does not send the model back to prepare.
    const booking = (await writeReadiness(ctx)).kinds.booking;
    if (!booking.available) {
      const reason = booking.reason ?? "not configured";
      const busy = busyReadiness(reason);
      if (busy) return failure(busy, { isError: false });
      return failure({ status: "execution_unavailable", retryAllowed: false, reason, nextStep: `nothing was sent: booking execution is not available (${reason}). ${STEPS.alternative}` }, { isError: false });
    }
    // Looked up after the await, and claimed in the same synchronous step as the checks below.
    const loaded = loadDraft(ctx, bookingDraftId);
    if (!loaded.ok) return loaded.error;
    const { draft } = loaded.value;
    if (draft.phase === "confirming" || draft.phase === "confirmed") return notReady(draft);
    const prep = draft.preparation;
    if (!prep || prep.requestHash !== preparedRequestHash) {
      const nextStep =
        draft.phase === "outcome_unknown" ? RECONCILE_WITH_PREPARED : draft.phase === "pending" ? AWAITING_WITH_PREPARED : "call tbank_hotels_prepare_draft_booking and use the requestHash it returns";
      const message = "preparedRequestHash is not this draft's current preparation; nothing was sent.";
      return failure({ status: "preparation_invalid", retryAllowed: false, state: draft.phase, nextStep, message }, { isError: false });
    }
    const claim = ctx.bookingDrafts.claim(bookingDraftId, ["ready", "pending", "outcome_unknown"], "confirming");
    if (!claim.claimed) return claim.lookup.status === "found" ? notReady(claim.lookup.record.draft) : draftGone(claim.lookup.status);

    const outcome = await executeWrite(ctx, { prepared: prep.prepared, requestHash: prep.requestHash, confirmationPhrase }, extra.signal);
    const updated = ctx.bookingDrafts.update(bookingDraftId, (d) => settle(d, outcome, claim.from));
    // The draft may have expired while the person was deciding: the answer still tells the outcome.
    const settled = updated.status === "found" ? updated.record.draft : settle(claim.record.draft, outcome, claim.from);
    return answer(ctx, outcome, settled, prep.requestHash);
  },
});
