import { planStay, journeyStep } from "../journey-steps.js";
import { KAZAN_WEEKEND } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

// The cashback route is down: the plan still answers with its cards, says «кешбэк: нет данных» once,
// and no card claims a percent; the rates load as usual.
export const scenario: Scenario = {
  id: "s102",
  title: "Cashback route down: the plan answers, says «кешбэк: нет данных» once, and no card claims a percent",
  request: "Найди отель в Казани на 12–14 марта на двоих, и скажи, сколько там кешбэка",
  budgetTokens: 1650,
  setup: { faults: { cashback_percent: { kind: "status", status: 503 }, cashback_max: { kind: "status", status: 503 } } },
  steps: [
    planStay(
      { destination: "Казань", checkinDate: KAZAN_WEEKEND.checkinDate, checkoutDate: KAZAN_WEEKEND.checkoutDate },
      { status: "ok", isError: false, text: ["кешбэк: нет данных", "₽ за 2 ночи"], textMatches: ["journeyId=jrn_"], notText: ["кешбэк до", "· кешбэк ", "%"] },
      { save: { journeyId: "journeyId", optionId: "options.1.optionId" } },
    ),
    journeyStep("tbank_hotels_select_stay_option", { optionId: "$optionId" }, { status: "ok", notText: ["кешбэк"] }),
  ],
};
