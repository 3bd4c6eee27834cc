import { journeyStep, KAZAN_RATE_ONE_SELECTED } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s037",
  title: "Checkout inspection: current vs search price, penalties, extras as refs, freshUntil",
  request: "Проверь актуальную цену и условия отмены по выбранному тарифу",
  budgetTokens: 2550,
  steps: [
    ...KAZAN_RATE_ONE_SELECTED,
    journeyStep("tbank_hotels_inspect_checkout", {}, { status: "checkout_ready", text: ["freshUntil=", "Текущая цена", "₽", "(не изменилась)", "штрафы", "ранний заезд", "[esr_"], textOnly: ["Доп. услуги"], textMatches: ["priceChanged=false", "freshUntil=\\d{4}-\\d\\d-\\d\\dT"], nextStep: ["tbank_hotels_create_checkout_handoff"] }),
  ],
};
