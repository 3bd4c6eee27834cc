import { journeyStep, planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s018",
  title: "A named hotel is found among the destination's results and selected",
  request: "Есть ли свободные номера в отеле «Волна» в Казани на 9–11 апреля?",
  budgetTokens: 500,
  steps: [
    planStay({ destination: "Казань", checkinDate: "2027-04-09", checkoutDate: "2027-04-11", hotelName: "Волна" }, { status: "ok", text: ["hotelName «Волна»", "Отель «Волна»", "₽ за 2 ночи", "₽ за ночь", "8,3/10 (61 отз.)", "отмена: нет данных"], textOnly: ["hotelName «Волна» matches:"], nextStep: ["Confirm the hotel with the user"] }, { save: { journeyId: "journeyId", optionId: "options.0.optionId" } }),
    journeyStep("tbank_hotels_select_stay_option", { optionId: "$optionId" }, { status: "ok", nextStep: ["tbank_hotels_get_selected_stay_rates"] }),
  ],
};
