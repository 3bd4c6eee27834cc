import { OUR_RUSSIAN, rubEn } from "../english-facts.js";
import { journeyStep, planStay } from "../journey-steps.js";
import { KAZAN_WEEKEND } from "../sandbox-facts.js";
import { cashbackOf, instalmentsOf, KAZAN_MAX_CASHBACK, kazanPick } from "../value-facts.js";
import type { Scenario } from "../types.js";

// The same value in English: the plan's maximum and cap, a card's percent, the rates' instalment
// terms and the chosen rate's amounts, with none of our Russian words.
const pick = kazanPick((f) => cashbackOf(f) > 0 && instalmentsOf(f).some((o) => o.offer.firstPayment.value === o.offer.nextPayment.value));
const even = instalmentsOf(pick.facts).find((o) => o.offer.firstPayment.value === o.offer.nextPayment.value)!;
const numbers = instalmentsOf(pick.facts).map((o) => `#${o.rateNumber}`).join(", ");
const terms = `${even.offer.paymentsCount} payments every ${even.offer.periodDays} days`;

export const scenario: Scenario = {
  id: "s104",
  title: "English: «how much cashback, can I pay in instalments?» — maximum and cap, a card's percent, instalment terms and amounts as stated",
  request: "Kazan, March 12–14, two adults. How much cashback would I get, and can I pay in instalments? In English please",
  budgetTokens: 2250,
  steps: [
    planStay(
      { destination: "Kazan", checkinDate: KAZAN_WEEKEND.checkinDate, checkoutDate: KAZAN_WEEKEND.checkoutDate, language: "en" },
      {
        status: "ok",
        text: [`cashback up to ${KAZAN_MAX_CASHBACK.percent}%, at most ${rubEn(KAZAN_MAX_CASHBACK.cap)} per booking`],
        textMatches: [`\\n${pick.position + 1}\\. [^\\n]*cashback ${cashbackOf(pick.facts)}%`],
        notText: OUR_RUSSIAN,
      },
      { save: { journeyId: "journeyId", optionId: `options.${pick.position}.optionId` } },
    ),
    journeyStep("tbank_hotels_select_stay_option", { optionId: "$optionId" }, { status: "ok", text: [`${cashbackOf(pick.facts)}%`], textOnly: [`cashback ${cashbackOf(pick.facts)}%`] }),
    journeyStep("tbank_hotels_get_selected_stay_rates", {}, { status: "ready", text: [`instalments: ${numbers} — ${terms}, no overpayment`], notText: OUR_RUSSIAN }),
    journeyStep("tbank_hotels_select_stay_rate", { rateNumber: even.rateNumber }, {
      status: "rate_selected",
      text: [`instalments: ${terms}, ${rubEn(even.offer.firstPayment.value)} each, no overpayment`],
      notText: OUR_RUSSIAN,
    }),
  ],
};
