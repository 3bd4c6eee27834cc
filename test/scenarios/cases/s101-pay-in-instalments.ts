import { journeyStep, planStay } from "../journey-steps.js";
import { KAZAN_WEEKEND, rub } from "../sandbox-facts.js";
import { instalmentsOf, kazanPick } from "../value-facts.js";
import type { Scenario } from "../types.js";

// «Можно в рассрочку?»: a hotel with no instalment offer says so once; one whose prepaid rates have
// offers names those rates and the terms (payments, period, overpayment) on the rates answer, and the
// chosen rate's answer adds the amounts as the sandbox states them. A rate without an offer says nothing.
const without = kazanPick((f) => instalmentsOf(f).length === 0);
const withOffers = kazanPick((f) => {
  const offered = instalmentsOf(f);
  return offered.length > 0 && offered.length < f.rates.length && offered.some((o) => o.offer.firstPayment.value !== o.offer.nextPayment.value);
});
const offered = instalmentsOf(withOffers.facts);
const uneven = offered.find((o) => o.offer.firstPayment.value !== o.offer.nextPayment.value)!;
const plain = withOffers.facts.rates.find((r) => !offered.some((o) => o.rateNumber === r.rateIndex + 1))!;
if (uneven.offer.paymentsCount !== 4 || uneven.offer.periodDays !== 14) throw new Error("s101 words its terms for 4 payments 14 days apart");
const terms = "4 платежа раз в 14 дней";

export const scenario: Scenario = {
  id: "s101",
  title: "«Можно в рассрочку?»: rates say which rates have an instalment offer and its terms, the chosen rate its amounts as stated",
  request: "Отель в Казани на 12–14 марта на двоих — можно оплатить в рассрочку? Сколько будет каждый платёж?",
  budgetTokens: 3400,
  steps: [
    planStay(
      { destination: "Казань", checkinDate: KAZAN_WEEKEND.checkinDate, checkoutDate: KAZAN_WEEKEND.checkoutDate },
      { status: "ok" },
      { save: { journeyId: "journeyId", without: `options.${without.position}.optionId`, offered: `options.${withOffers.position}.optionId` } },
    ),
    journeyStep("tbank_hotels_select_stay_option", { optionId: "$without" }, { status: "ok" }),
    journeyStep("tbank_hotels_get_selected_stay_rates", {}, { status: "ready", text: ["рассрочка: не предлагается для этих тарифов"] }),
    journeyStep("tbank_hotels_select_stay_option", { optionId: "$offered" }, { status: "ok" }),
    journeyStep("tbank_hotels_get_selected_stay_rates", {}, {
      status: "ready",
      text: [`рассрочка: ${offered.map((o) => `#${o.rateNumber}`).join(", ")} — ${terms}, без переплаты`],
      notText: [rub(uneven.offer.firstPayment.value), "не предлагается"],
    }),
    journeyStep("tbank_hotels_select_stay_rate", { rateNumber: uneven.rateNumber }, {
      status: "rate_selected",
      text: [`рассрочка: ${terms}, первый ${rub(uneven.offer.firstPayment.value)}, далее по ${rub(uneven.offer.nextPayment.value)}, без переплаты`],
    }),
    journeyStep("tbank_hotels_select_stay_rate", { rateNumber: plain.rateIndex + 1 }, { status: "rate_selected", notText: ["рассрочка"] }),
  ],
};
