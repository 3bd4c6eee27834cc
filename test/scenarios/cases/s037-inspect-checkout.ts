import { journeyStep, PLAN_KAZAN_WEEKEND, RATES_READY, SELECT_FIRST_RATE, SELECT_SAVED_OPTION } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s037",
  title: "Checkout inspection: current vs search price, penalties, extras as refs, freshUntil",
  request: "Проверь актуальную цену и условия отмены по выбранному тарифу",
  budgetTokens: 2550,
  steps: [
    PLAN_KAZAN_WEEKEND,
    SELECT_SAVED_OPTION,
    RATES_READY,
    SELECT_FIRST_RATE,
    journeyStep("tbank_hotels_inspect_checkout", {}, { status: "checkout_ready", text: ["freshUntil=", "Текущая цена", "₽", "(не изменилась)", "штрафы", "ранний заезд", "[esr_"], textOnly: ["Доп. услуги"], textMatches: ["priceChanged=(true|false)", "freshUntil=\\d{4}-\\d\\d-\\d\\dT"], nextStep: ["tbank_hotels_create_checkout_handoff"] }),
  ],
};
