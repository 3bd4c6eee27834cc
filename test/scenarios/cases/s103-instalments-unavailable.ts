import { journeyStep, planStay } from "../journey-steps.js";
import { KAZAN_WEEKEND } from "../sandbox-facts.js";
import { instalmentsOf, kazanPick } from "../value-facts.js";
import type { Scenario } from "../types.js";

// The instalment route is down while the rates load: the rates are ready as usual and the answer says
// «рассрочка: нет данных» once (not «не предлагается»: nobody said there is none); the chosen rate says nothing of it.
const offered = kazanPick((f) => instalmentsOf(f).length > 0);

export const scenario: Scenario = {
  id: "s103",
  title: "Instalment route down: rates are ready, «рассрочка: нет данных» once, never «не предлагается»",
  request: "Отель в Казани на 12–14 марта на двоих: покажи тарифы, можно ли в рассрочку?",
  budgetTokens: 2500,
  steps: [
    planStay(
      { destination: "Казань", checkinDate: KAZAN_WEEKEND.checkinDate, checkoutDate: KAZAN_WEEKEND.checkoutDate },
      { status: "ok" },
      { save: { journeyId: "journeyId", optionId: `options.${offered.position}.optionId` } },
    ),
    journeyStep("tbank_hotels_select_stay_option", { optionId: "$optionId" }, { status: "ok" }),
    journeyStep(
      "tbank_hotels_get_selected_stay_rates",
      {},
      { status: "ready", isError: false, text: ["status=ready", "рассрочка: нет данных"], textOnly: ["| # | Номер"], notText: ["не предлагается", "платежа"] },
      { faults: { bnpl_offer: { kind: "status", status: 503 } } },
    ),
    journeyStep("tbank_hotels_select_stay_rate", { rateNumber: offered.facts.rates[0]!.rateIndex + 1 }, { status: "rate_selected", notText: ["рассрочка"] }),
  ],
};
