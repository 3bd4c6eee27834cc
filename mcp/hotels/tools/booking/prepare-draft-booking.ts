import { z } from "zod";
import { failure, success } from "../../../shared/outcome.js";
import { bookingRequestOf } from "../../booking/draft.js";
import { isValidationFresh } from "../../booking/validate.js";
import { openApproval, prepareWrite } from "../../writes/prepare.js";
import { PREPARED_FIELDS } from "../../writes/present.js";
import { busyReadiness } from "../../writes/busy.js";
import { writeReadiness } from "../../writes/readiness.js";
import { defineTool, type ToolOutcome } from "../define.js";
import { OptionalAnyValue, AnyObject } from "../schemas.js";
import { DraftIdInput, draftGone, draftOutput, draftSummary, loadDraft, notReady, summaryLines } from "./common.js";

const Output = z.object({
  ...draftOutput(["prepared", "busy", "validation_required", "execution_unavailable", "draft_not_found", "draft_expired", "in_progress", "awaiting_approval", "outcome_unknown", "already_confirmed"]),
  ...PREPARED_FIELDS,
  summary: AnyObject.optional(),
  bookingRef: OptionalAnyValue,
});
type Out = z.infer<typeof Output>;

const VALIDATE_FIRST = "tbank_hotels_validate_checkout with the bookingDraftId, then tbank_hotels_prepare_draft_booking again";

export const prepareDraftBooking = defineTool({
  name: "tbank_hotels_prepare_draft_booking",
  title: "Prepare a draft's booking",
  description:
    "Fixes the validated draft as one booking request (5 min; calls no API): requestHash, confirmationPhrase and where the person approves it. " +
    "Next: the person approves, then confirm_booking.",
  toolset: "booking",
  input: z.strictObject({ bookingDraftId: DraftIdInput }),
  output: Output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: async ({ bookingDraftId }, ctx): Promise<ToolOutcome<Out>> => {
    const loaded = loadDraft(ctx, bookingDraftId);
    if (!loaded.ok) return loaded.error;
    const { draft } = loaded.value;
    if (draft.phase !== "ready") return notReady(draft);
    const readiness = await writeReadiness(ctx);
    if (!readiness.kinds.booking.available) {
      const busy = busyReadiness(readiness.kinds.booking.reason);
      if (busy) return failure({ ...busy, state: draft.phase }, { isError: false });
      const message = `Booking execution is not available now: ${readiness.kinds.booking.reason ?? "not configured"}. Nothing was prepared.`;
      return failure({ status: "execution_unavailable", retryAllowed: false, state: draft.phase, nextStep: "tell the person; the seller's page still works: tbank_hotels_create_checkout_handoff", message }, { isError: false });
    }
    const { validation } = draft;
    if (!isValidationFresh(validation, ctx.now())) {
      const message = "The provider's price and terms must be checked again: the last validation is missing or older than 5 minutes.";
      return failure({ status: "validation_required", retryAllowed: false, state: draft.phase, nextStep: VALIDATE_FIRST, message }, { isError: false });
    }
    const view = prepareWrite("booking", bookingRequestOf(draft, validation), ctx.now());
    const channels = await openApproval(ctx, view.requestHash, "booking");
    const preparation = { prepared: view.prepared, requestHash: view.requestHash, confirmationPhrase: view.phrase };
    const stored = ctx.bookingDrafts.update(bookingDraftId, (d) => (d.phase === "ready" && d.validation === validation ? { ...d, preparation } : d));
    if (stored.status !== "found") return draftGone(stored.status);
    const current = stored.record.draft;
    // A parallel validate or confirm got there first: this preparation was not kept, so it is not shown.
    if (current.phase !== "ready") return notReady(current);
    if (current.preparation !== preparation) return failure({ status: "validation_required", retryAllowed: false, state: current.phase, nextStep: VALIDATE_FIRST }, { isError: false });

    const summary = draftSummary(current, ctx.now());
    const { prepared, requestHash } = view;
    const where = channels.approvalUrl ? `\`${channels.terminalCommand}\` in a terminal or at ${channels.approvalUrl}` : `\`${channels.terminalCommand}\` in a terminal`;
    const nextStep =
      `show the person this summary and price; nothing is booked yet. When they say yes, tell them to approve in ${where} (only they can: nothing you send approves it), ` +
      `then call tbank_hotels_confirm_booking with bookingDraftId, preparedRequestHash=requestHash and confirmationPhrase before expiresAt. If they say no, stop.`;
    return success(
      {
        status: "prepared" as const,
        state: current.phase,
        requestHash,
        preparedAt: prepared.preparedAt,
        expiresAt: prepared.expiresAt,
        confirmationPhrase: view.phrase,
        approvalUrl: channels.approvalUrl,
        terminalCommand: channels.terminalCommand,
        summary,
        nextStep,
      },
      [
        `status=prepared state=${current.phase} requestHash=${requestHash}`,
        `preparedAt=${prepared.preparedAt} expiresAt=${prepared.expiresAt}`,
        `confirmationPhrase: ${view.phrase}`,
        `approve: ${where}`,
        ...summaryLines(summary, current.stay.lang),
      ],
    );
  },
});
