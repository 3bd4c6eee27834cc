import { z } from "zod";
import { inspectSelectedRate } from "../journey/inspect-run.js";
import type { InspectRun, SkippedCheck } from "../journey/inspect-run.js";
import { journeyView } from "../journey/view.js";
import type { Lang } from "../../../shared/locale.js";
import { PromoCodeSchema } from "../provider/index.js";
import {
  authRejected,
  baseOutput,
  loadSelectedRate,
  rateLine,
  rateSummary,
} from "./checkout-common.js";
import { failure, success } from "../../shared/outcome.js";
import { checkoutLines, checkoutView } from "./checkout-view.js";
import { defineTool } from "./define.js";
import { JourneyIdInput, AnyArray, AnyObject, AttemptFields } from "./schemas.js";
import type { ToolOutcome } from "./define.js";

const Output = z.object({
  ...baseOutput([
    "checkout_ready",
    "checkout_temporarily_unavailable",
    "rate_no_longer_available",
    "journey_not_found",
    "journey_expired",
    "selection_required",
    "rate_selection_required",
    "provider_auth_rejected",
  ]),
  rate: AnyObject.optional(),
  checkout: AnyObject.optional(),
  warnings: AnyArray.optional(),
  ...AttemptFields,
});
type Out = z.infer<typeof Output>;

// Next steps are written to the model, in English for both languages; the quoted words are what a
// Russian-speaking person says.
const READY_NEXT = "to book («оформить/забронировать») → tbank_hotels_create_checkout_handoff; desired promo code or extras → tbank_hotels_preview_checkout_changes";

const MESSAGES: Record<Lang, Record<"rateGone" | "unavailable", string>> = {
  ru: {
    rateGone: "Провайдер больше не предлагает этот тариф на эти даты и гостей.",
    unavailable: "Проверить оформление сейчас не удалось; безопасные повторы уже сделаны. Не повторяйте вызов и не переходите к низкоуровневым инструментам.",
  },
  en: {
    rateGone: "The provider no longer offers this rate for these dates and guests.",
    unavailable: "Checkout could not be inspected now; the tool already retried what was safe. Do not retry and do not switch to low-level tools.",
  },
};

const SKIPPED: Record<Lang, { check: Record<SkippedCheck["check"], string>; notChecked: string; reason: Record<SkippedCheck["reason"], string> }> = {
  ru: {
    check: { "promo code": "промокод", upgrade: "повышение" },
    notChecked: "не проверено",
    reason: { time_budget_spent: "время на проверку вышло", no_usable_answer: "провайдер не дал ответа" },
  },
  en: { check: { "promo code": "promo code", upgrade: "upgrade" }, notChecked: "not checked", reason: { time_budget_spent: "time budget spent", no_usable_answer: "no usable provider answer" } },
};

function inspectionFailed(run: Exclude<InspectRun, { status: "inspected" }>, lang: Lang): ToolOutcome<Out> {
  if (run.status === "auth_rejected") return authRejected(run.httpStatus);
  if (run.status === "rate_gone") {
    const message = MESSAGES[lang].rateGone;
    const nextStep = "tbank_hotels_get_selected_stay_rates, then tbank_hotels_select_stay_rate";
    return failure({ status: "rate_no_longer_available", retryAllowed: false, nextStep, message });
  }
  const { attempts, durationMs, failureKind } = run.summary;
  const message = MESSAGES[lang].unavailable;
  const nextStep = "tell the user; tbank_hotels_create_checkout_handoff still works (price is confirmed on the seller's page)";
  return failure(
    { status: "checkout_temporarily_unavailable", retryAllowed: false, nextStep, message, attempts, durationMs, failureKind },
    { facts: `attempts=${attempts} durationMs=${durationMs} failureKind=${failureKind ?? "none"}` },
  );
}

function skippedWarning({ check, reason }: SkippedCheck, lang: Lang): string {
  const w = SKIPPED[lang];
  return `${w.check[check]}: ${w.notChecked} (${w.reason[reason]})`;
}

export const inspectCheckout = defineTool({
  name: "tbank_hotels_inspect_checkout",
  title: "Inspect checkout",
  description:
    "Checks the selected rate with the provider: price now, penalties, extras (extraServiceOptionRef), one promo code (validated only), upgrade offer. " +
    "Fresh 5 min. checkout_temporarily_unavailable: terminal, no retry, no other tools.",
  toolset: "journey",
  input: z.strictObject({
    journeyId: JourneyIdInput,
    promoCode: PromoCodeSchema.optional(),
    checkUpgrade: z.boolean().optional(),
  }),
  output: Output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  handler: async ({ journeyId, promoCode, checkUpgrade }, ctx, extra): Promise<ToolOutcome<Out>> => {
    const loaded = await loadSelectedRate(ctx, journeyId);
    if (!loaded.ok) return loaded.error;
    const sel = loaded.value;
    const { state, option, rate, privateRate } = sel;
    const selection = { state, optionId: option.public.optionId, rateNumber: rate.rateNumber, bookHash: privateRate.bookHash };
    const run = await inspectSelectedRate(ctx, journeyId, selection, { promoCode, checkUpgrade }, extra);
    const view = journeyView(state, ctx.now());
    const { lang } = view;
    if (run.status !== "inspected") return inspectionFailed(run, lang);
    const checkout = checkoutView(run.checkout.public, lang);
    const warnings = run.skipped.map((s) => skippedWarning(s, lang));
    // The stay was shown with the rates; the rate identifies what was inspected.
    return success({ status: "checkout_ready" as const, rate: rateSummary(rate, view), checkout, ...(warnings.length > 0 ? { warnings } : {}), nextStep: READY_NEXT }, [
      `status=checkout_ready priceChanged=${checkout.priceChanged} freshUntil=${checkout.freshUntil}`,
      rateLine(rate, view),
      ...checkoutLines(checkout, lang),
      ...warnings,
    ]);
  },
});
