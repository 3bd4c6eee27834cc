import { planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s097",
  title: "An ambiguous landmark: «у вокзала» in Kazan is a question with the stations as candidates and no search; the chosen one then plans the stay",
  request: "Казань, 12–14 марта, двое. Хотим жить у вокзала. …Речной, конечно",
  budgetTokens: 2100,
  steps: [
    planStay(
      { destination: "Казань", near: "вокзал", checkinDate: "2027-03-12", checkoutDate: "2027-03-14" },
      {
        status: "clarification_required",
        retryAllowed: false,
        text: ["landmark_ambiguous", `"Речной вокзал"`, `"Железнодорожный вокзал Казань-Пассажирская"`],
        notText: ["journeyId", "₽"],
        nextStep: ["near"],
        maxTokens: 400,
      },
    ),
    planStay(
      { destination: "Казань", near: "Речной вокзал", checkinDate: "2027-03-12", checkoutDate: "2027-03-14" },
      { status: "ok", text: ['рядом с "Речной вокзал"', 'км до "Речной вокзал"'], notText: ["км до центра"] },
    ),
  ],
};
