import { journeyStep, PLAN_KAZAN_WEEKEND, RATES_READY, SELECT_SAVED_OPTION } from "../journey-steps.js";
import { kazanHotel, rub } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

const saved = kazanHotel(1);
const second = saved.rates[1]!;

export const scenario: Scenario = {
  id: "s034",
  title: "Rate number out of range is refused with the valid numbers, then a valid pick",
  request: "Бери пятый тариф. А, такого нет? Тогда второй",
  budgetTokens: 2400,
  steps: [
    PLAN_KAZAN_WEEKEND,
    SELECT_SAVED_OPTION,
    RATES_READY,
    journeyStep("tbank_hotels_select_stay_rate", { rateNumber: 9 }, { status: "rate_not_found", isError: true, retryAllowed: false, text: ["No bookable rate #9", saved.rates.map((r) => r.rateIndex + 1).join(", ")] }),
    journeyStep("tbank_hotels_select_stay_rate", { rateNumber: 2 }, { status: "rate_selected", isError: false, text: ["rateNumber=2", "#2 ", "за ночь", "₽", rub(second.price.value), "бесплатная отмена до 05.03.2027"], nextStep: ["tbank_hotels_create_checkout_handoff"] }),
  ],
};
