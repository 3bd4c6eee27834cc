import { journeyStep, PLAN_KAZAN_WEEKEND, RATES_READY, SELECT_SAVED_OPTION } from "../journey-steps.js";
import { kazanHotel, rub } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

const second = kazanHotel(1).rates[1]!;

export const scenario: Scenario = {
  id: "s044",
  title: "Handoff for 1 room, no children: dates and guests carried in the link",
  request: "Дай ссылку на оформление второго тарифа",
  budgetTokens: 2650,
  steps: [
    PLAN_KAZAN_WEEKEND,
    SELECT_SAVED_OPTION,
    RATES_READY,
    journeyStep("tbank_hotels_select_stay_rate", { rateNumber: 2 }, { status: "rate_selected", isError: false, text: ["rateNumber=2", "#2 ", "за ночь", "₽"], nextStep: ["tbank_hotels_create_checkout_handoff"] }),
    journeyStep("tbank_hotels_create_checkout_handoff", {}, { status: "handoff_ready", text: ["hostedCheckoutUrl: http", "guestsCarried=true", "Тариф не резервируется", "#2 ", rub(second.price.value)], textMatches: ["dateFrom=2027-03-12&dateTo=2027-03-14&guests=2"], nextStep: ["show hostedCheckoutUrl"] }),
  ],
};
