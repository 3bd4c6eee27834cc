import { journeyStep, planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s099",
  title: "A repeated plan keeps its landmark: other dates, the same point, distances and the distance filter still measured from Кул Шариф",
  request: "Казань, 12–14 марта, не дальше полутора километров от мечети Кул Шариф. …А на следующие выходные, 19–21-го?",
  budgetTokens: 1800,
  steps: [
    planStay(
      { destination: "Казань", near: "Кул Шариф", maxDistanceKm: 1.5, checkinDate: "2027-03-12", checkoutDate: "2027-03-14" },
      { status: "ok", text: ['рядом с "Мечеть Кул Шариф"', "maxDistanceKm ≤ 1.5", 'км до "Мечеть Кул Шариф"'] },
      { save: { journeyId: "journeyId" } },
    ),
    journeyStep(
      "tbank_hotels_repeat_stay_plan",
      { changes: { checkinDate: "2027-03-19", checkoutDate: "2027-03-21" } },
      { status: "ok", text: ['рядом с "Мечеть Кул Шариф"', "19.03.2027–21.03.2027", "maxDistanceKm ≤ 1.5", 'км до "Мечеть Кул Шариф"'], notText: ["км до центра"] },
    ),
  ],
};
