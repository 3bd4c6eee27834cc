import { z } from "zod";
import type { Lang } from "../../../../shared/locale.js";
import { toIsoTimestamp } from "../../../../shared/time.js";
import { failure, success } from "../../../shared/outcome.js";
import type { DraftValidation } from "../../booking/draft.js";
import { validateDraft } from "../../booking/validate.js";
import { authRejected } from "../checkout-common.js";
import { defineTool, type ToolOutcome } from "../define.js";
import { OptionalAnyValue, AnyObject, AttemptFields } from "../schemas.js";
import { DraftIdInput, draftGone, draftOutput, draftSummary, loadDraft, NEW_DRAFT, notReady, summaryLines } from "./common.js";

const Output = z.object({
  ...draftOutput([
    "checkout_validated",
    "rate_no_longer_available",
    "checkout_temporarily_unavailable",
    "provider_auth_rejected",
    "draft_not_found",
    "draft_expired",
    "in_progress",
    "awaiting_approval",
    "outcome_unknown",
    "already_confirmed",
  ]),
  priceChanged: OptionalAnyValue,
  priceChange: OptionalAnyValue,
  freshUntil: OptionalAnyValue,
  summary: AnyObject.optional(),
  bookingRef: OptionalAnyValue,
  ...AttemptFields,
});
type Out = z.infer<typeof Output>;

const PREPARE_NEXT = "tbank_hotels_prepare_draft_booking with the bookingDraftId within 5 minutes";
const PRICE_CHANGED_NEXT = `tell the person the price changed (old → new) and ask whether to go on; if yes, ${PREPARE_NEXT}`;

const PRICE_CHANGE: Record<Lang, (from: string, to: string) => string> = {
  ru: (from, to) => `Цена изменилась: ${from} → ${to}`,
  en: (from, to) => `The price changed: ${from} → ${to}`,
};

function priceChangeOf(v: DraftValidation, lang: Lang): string | undefined {
  return v.priceChanged ? PRICE_CHANGE[lang](v.previousPrice.display, v.checkout.currentPrice.display) : undefined;
}

export const validateCheckout = defineTool({
  name: "tbank_hotels_validate_checkout",
  title: "Validate a booking draft",
  description: "Re-reads the draft's rate with the provider: current price (old → new when it changed) and cancellation terms, fresh 5 min. Next: prepare_draft_booking.",
  toolset: "booking",
  input: z.strictObject({ bookingDraftId: DraftIdInput }),
  output: Output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  handler: async ({ bookingDraftId }, ctx, extra): Promise<ToolOutcome<Out>> => {
    const loaded = loadDraft(ctx, bookingDraftId);
    if (!loaded.ok) return loaded.error;
    const { draft } = loaded.value;
    if (draft.phase !== "ready") return notReady(draft);
    const run = await validateDraft(ctx, draft, extra.signal);
    const { lang } = draft.stay;
    if (run.status === "auth_rejected") return authRejected(run.httpStatus);
    if (run.status === "rate_gone") {
      return failure({ status: "rate_no_longer_available", retryAllowed: false, nextStep: `choose another rate in the journey, then ${NEW_DRAFT}`, message: "The provider no longer offers this rate for these dates and guests." });
    }
    if (run.status === "unavailable") {
      const { attempts, durationMs, failureKind } = run.summary;
      const message = "The checkout could not be validated now; the tool already retried what was safe. Do not retry now.";
      return failure(
        { status: "checkout_temporarily_unavailable", retryAllowed: false, nextStep: "tell the person; validate again only when they ask", message, attempts, durationMs, failureKind },
        { facts: `attempts=${attempts} durationMs=${durationMs} failureKind=${failureKind ?? "none"}` },
      );
    }
    const { validation } = run;
    // A new validation replaces the old price, so a write prepared at that price is void.
    const updated = ctx.bookingDrafts.update(bookingDraftId, (d) => (d.phase === "ready" ? { ...d, validation, preparation: null } : d));
    if (updated.status !== "found") return draftGone(updated.status);
    if (updated.record.draft.phase !== "ready") return notReady(updated.record.draft);
    const summary = draftSummary(updated.record.draft, ctx.now());
    const priceChange = priceChangeOf(validation, lang);
    const freshUntil = toIsoTimestamp(validation.freshUntilMs);
    return success(
      {
        status: "checkout_validated" as const,
        state: "ready",
        priceChanged: validation.priceChanged,
        ...(priceChange ? { priceChange } : {}),
        freshUntil,
        summary,
        nextStep: validation.priceChanged ? PRICE_CHANGED_NEXT : PREPARE_NEXT,
      },
      [`status=checkout_validated priceChanged=${validation.priceChanged} freshUntil=${freshUntil}`, priceChange, ...summaryLines(summary, lang)],
    );
  },
});
