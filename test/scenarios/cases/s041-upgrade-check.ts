import { journeyStep, KAZAN_RATE_ONE_SELECTED } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s041",
  title: "Upgrade check: the better room and the surcharge",
  request: "Можно ли улучшить номер и сколько это будет стоить?",
  budgetTokens: 2600,
  steps: [
    ...KAZAN_RATE_ONE_SELECTED,
    journeyStep("tbank_hotels_inspect_checkout", { checkUpgrade: true }, { status: "checkout_ready", text: ["freshUntil=", "Текущая цена", "₽", "Повышение: Улучшенный номер", "доплата 3 070,50 ₽", "итого 20 128,50 ₽"], textMatches: ["priceChanged=false"], nextStep: ["tbank_hotels_create_checkout_handoff"] }),
  ],
};
