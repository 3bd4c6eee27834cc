import { getPrompt, planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";

// Issue 34: the person picks the "plan a weekend" prompt; the server works the dates out from its
// clock (Monday 1 March 2027: Friday 5 to Sunday 7), so the model plans in one call.
export const scenario: Scenario = {
  id: "s347",
  title: "plan_weekend prompt: the coming weekend's dates, then one plan_stay call",
  request: "/plan_weekend Казань, 2 взрослых",
  budgetTokens: 2400,
  steps: [
    getPrompt("plan_weekend", { destination: "Казань", party: "2 взрослых" }, {
      text: ["заезд в пятницу 05.03.2027, выезд в воскресенье 07.03.2027", 'destination="Казань", checkinDate=2027-03-05, checkoutDate=2027-03-07', "tbank_hotels_plan_stay"],
      maxTokens: 250,
    }),
    planStay({ destination: "Казань", checkinDate: "2027-03-05", checkoutDate: "2027-03-07" }, { status: "ok", isError: false, text: ["₽"], textMatches: ["journeyId=jrn_"] }),
  ],
};
