import { journeyStep, PLAN_KAZAN_WEEKEND, SELECT_SAVED_OPTION } from "../journey-steps.js";
import { kazanHotel, rub } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

const saved = kazanHotel(1);
const first = saved.rates[0]!;

export const scenario: Scenario = {
  id: "s030",
  title: "Rates ready: numbered table with per-night price and cancellation",
  request: "Какие тарифы есть в этом отеле в Казани на 12–14 марта и сколько за ночь?",
  budgetTokens: 2100,
  steps: [
    PLAN_KAZAN_WEEKEND,
    SELECT_SAVED_OPTION,
    journeyStep("tbank_hotels_get_selected_stay_rates", {}, { status: "ready", text: ["status=ready", "| # | Номер", "За ночь", "₽", "невозвратный тариф", "бесплатная отмена до", "| Оплата |", rub(first.price.value / 2)], nextStep: ["tbank_hotels_select_stay_rate"], textMatches: ["rates=\\d+"] }),
  ],
};
