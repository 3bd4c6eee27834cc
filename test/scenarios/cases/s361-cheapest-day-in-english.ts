import { decimalFromProviderNumber, formatMoney } from "../../../shared/money.js";
import { cheapestDate, cheapestPerDate } from "../flex-facts.js";
import { planStay, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

// English: one night in Suzdal, any day of 15–21 March; the cheapest is a weekday, opened as a plan.
const days = cheapestPerDate("Суздаль", "2027-03-15", 7, 1);
const best = cheapestDate(days);
const EN = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
if (best.weekday === 5 || best.weekday === 6) throw new Error("s361: the cheapest check-in of the week is not a weekday");
const money = formatMoney(decimalFromProviderNumber(best.total), "RUB", "en");

export const scenario: Scenario = {
  id: "s361",
  title: "English, flexible dates: which night of 15–21 March is cheapest in Suzdal for two, then plan it",
  request: "Two of us want one night in Suzdal sometime March 15–21. Which day is cheapest? Then show me that night.",
  budgetTokens: 3600,
  steps: [
    step(
      "tbank_hotels_find_stay_dates",
      { destination: "Suzdal", rooms: [{ adults: 2 }], checkinFrom: "2027-03-15", checkinTo: "2027-03-21", nights: 1, language: "en" },
      { status: "ok", isError: false, text: [`cheapest ${best.checkinDate} ${EN[best.weekday]!}`, best.hotel, `from ${money} for 1 night`, "searched 7 of 7 dates"], nextStep: [`checkinDate=${best.checkinDate}`], maxTokens: 1400 },
      { save: { date: "cheapest.checkinDate", hotel: "cheapest.hotel" } },
    ),
    planStay({ destination: "Suzdal", checkinDate: "$date", checkoutDate: best.checkoutDate, hotelName: "$hotel", language: "en" }, { status: "ok", isError: false, text: [best.hotel], textMatches: ["journeyId=jrn_"] }),
  ],
};
