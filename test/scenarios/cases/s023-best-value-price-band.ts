import { journeyStep, planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s023",
  title: "Best value inside a 3–8k ₽/night band from the banking MCP, alternatives above the band flagged",
  request: "Казань 9–11 апреля, оптимально по цене/качеству, 3–8 тысяч за ночь, можно чуть дороже если сильно лучше",
  budgetTokens: 2250,
  steps: [
    planStay({ destination: "Казань", checkinDate: "2027-04-09", checkoutDate: "2027-04-11", ranking: "best_value", maxOptions: 3, hotelPreferences: { pricePerNight: { min: 3000, max: 8000, currency: "RUB" }, ranking: "best_value", showAlternativesOutsideBand: true } }, { status: "ok", isError: false, text: ["₽ за 2 ночи", "₽ за ночь", "отз.)", "ranking=best_value", "только для ранжирования, не фильтр", "из 3 показанных: в диапазоне 3", "выше диапазона"], textOnly: ["альтернативы вне диапазона (показать отдельно):"], textMatches: ["\\n1\\. opt_[^\\n]*· в диапазоне", "\\n- opt_\\S+ \"[^\"\\n]+\" · от [^\\n]* за ночь · на \\d+ % выше диапазона, рейтинг ", "journeyId=jrn_", "(бесплатная отмена до|отмена: нет данных)"], nextStep: ["tbank_hotels_compare_stay_options", "tbank_hotels_select_stay_option"] }, { save: { journeyId: "journeyId" } }),
    journeyStep("tbank_hotels_compare_stay_options", {}, { status: "ok", text: ["ranking=best_value", "₽ за ночь"] }),
  ],
};
