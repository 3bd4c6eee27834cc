import { planStay, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s012",
  title: "Unknown city: destination_not_found, resolve the real one, plan",
  request: "Забронируй отель в Атлантиде на 20–22 марта. Ладно, тогда в Сочи",
  budgetTokens: 800,
  steps: [
    planStay({ destination: "Атлантида", checkinDate: "2027-03-20", checkoutDate: "2027-03-22" }, { status: "destination_not_found", isError: false, retryAllowed: false, nextStep: ["another spelling or a nearby city"], notText: ["journeyId"] }),
    step("tbank_hotels_resolve_destination", { query: "Сочи" }, { status: "resolved", text: ["destinationId=1004", "Краснодарский край"], nextStep: ["tbank_hotels_plan_stay"] }, { save: { destId: "destination.destinationId" } }),
    planStay({ destination: "$destId", checkinDate: "2027-03-20", checkoutDate: "2027-03-22", maxOptions: 4 }, { status: "ok", isError: false, text: ["₽ за 2 ночи", "₽ за ночь", "отз.)", '"Сочи" ("Краснодарский край")'], textMatches: ["journeyId=jrn_", "(бесплатная отмена до|отмена: нет данных)"], nextStep: ["tbank_hotels_compare_stay_options", "tbank_hotels_select_stay_option"] }),
  ],
};
