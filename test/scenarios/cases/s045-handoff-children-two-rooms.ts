import { journeyStep, planStay, SELECT_SAVED_OPTION } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s045",
  title: "Handoff with a child, then with 2 rooms: link carries dates only",
  request: "Ссылку на отель в Петербурге для нас с ребёнком 7 лет; и второй вариант — два номера по двое взрослых",
  budgetTokens: 3900,
  steps: [
    planStay({ destination: "Санкт-Петербург", checkinDate: "2027-04-09", checkoutDate: "2027-04-12", rooms: [{ adults: 2, childrenAges: [7] }] }, { status: "ok", isError: false, text: ["₽", "за ночь"], textMatches: ["journeyId=jrn_"] }, { save: { journeyId: "journeyId", optionId: "options.1.optionId" } }),
    SELECT_SAVED_OPTION,
    journeyStep("tbank_hotels_create_checkout_handoff", {}, { status: "handoff_ready", text: ["guestsCarried=false", "dateFrom=2027-04-09&dateTo=2027-04-12", "состав гостей"], notText: ["guests="], nextStep: ["show hostedCheckoutUrl"] }),
    planStay({ destination: "Санкт-Петербург", checkinDate: "2027-04-09", checkoutDate: "2027-04-12", rooms: [{ adults: 2, childrenAges: [] }, { adults: 2, childrenAges: [] }] }, { status: "ok", isError: false, text: ["₽", "за 2 номера, 3 ночи", "за номер в ночь"], textMatches: ["journeyId=jrn_"] }, { save: { journeyId: "journeyId", optionId: "options.1.optionId" } }),
    SELECT_SAVED_OPTION,
    journeyStep("tbank_hotels_create_checkout_handoff", {}, { status: "handoff_ready", text: ["guestsCarried=false", "dateFrom=2027-04-09&dateTo=2027-04-12", "состав гостей", "2 номера (2 взр.; 2 взр.)"], notText: ["guests="], nextStep: ["show hostedCheckoutUrl"] }),
  ],
};
