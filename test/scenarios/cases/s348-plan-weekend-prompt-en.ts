import { getPrompt, planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s348",
  title: "plan_weekend prompt in English with a child: the dates and the party's rooms, then plan_stay in English",
  request: "/plan_weekend Kazan, 2 adults and a child of 5",
  budgetTokens: 2400,
  steps: [
    getPrompt("plan_weekend", { destination: "Kazan", party: "2 adults and a child of 5", language: "en" }, {
      text: ["check in Friday 5 Mar 2027, check out Sunday 7 Mar 2027", "checkinDate=2027-03-05, checkoutDate=2027-03-07", "each child's age", 'language="en"'],
      maxTokens: 250,
    }),
    planStay(
      { destination: "Kazan", checkinDate: "2027-03-05", checkoutDate: "2027-03-07", rooms: [{ adults: 2, childrenAges: [5] }], language: "en" },
      { status: "ok", isError: false, textMatches: ["journeyId=jrn_"] },
    ),
  ],
};
