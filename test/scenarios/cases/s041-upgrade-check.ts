import { journeyStep, KAZAN_RATE_ONE_SELECTED } from "../journey-steps.js";
import { kazanHotel, rateFacts, rub } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

const { checkoutPrice, upgrade } = rateFacts(kazanHotel(1), 1);
if (!upgrade) throw new Error("rate #1 of the saved Казань hotel has no upgrade");

export const scenario: Scenario = {
  id: "s041",
  title: "Upgrade check: the better room and the surcharge",
  request: "Можно ли улучшить номер и сколько это будет стоить?",
  budgetTokens: 2600,
  steps: [
    ...KAZAN_RATE_ONE_SELECTED,
    journeyStep("tbank_hotels_inspect_checkout", { checkUpgrade: true }, { status: "checkout_ready", text: ["freshUntil=", "Текущая цена", "₽", `Повышение: ${upgrade.rate.roomName}`, `доплата ${rub(upgrade.checkoutPrice.value - checkoutPrice.value)}`, `итого ${rub(upgrade.checkoutPrice.value)}`], textMatches: ["priceChanged=false"], nextStep: ["tbank_hotels_create_checkout_handoff"] }),
  ],
};
