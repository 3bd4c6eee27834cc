import { cheapestDate, cheapestPerDate } from "../flex-facts.js";
import { planStay, step } from "../journey-steps.js";
import { rub } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

// Two nights in Суздаль, any check-in in the week of 8 March: the price calendar names the cheapest
// date (a weekday: weekend nights cost more), and that date opens as an ordinary journey.
const days = cheapestPerDate("Суздаль", "2027-03-08", 7, 2);
const best = cheapestDate(days);
const RU = ["вс", "пн", "вт", "ср", "чт", "пт", "сб"];
if (best.weekday === 5 || best.weekday === 6) throw new Error("s360: the cheapest check-in of the week is not a weekday");

export const scenario: Scenario = {
  id: "s360",
  title: "Flexible dates: the cheapest check-in of a week in Суздаль is a weekday; choosing it opens a journey",
  request: "Хотим вдвоём на две ночи в Суздаль на неделе с 8 марта, заезд в любой день. Когда дешевле всего?",
  budgetTokens: 3600,
  steps: [
    step(
      "tbank_hotels_find_stay_dates",
      { destination: "Суздаль", rooms: [{ adults: 2 }], checkinFrom: "2027-03-08", checkinTo: "2027-03-14", nights: 2 },
      {
        status: "ok",
        isError: false,
        text: [`cheapest ${best.checkinDate} ${RU[best.weekday]!}`, best.hotel, `от ${rub(best.total)} за 2 ночи`, ...days.map((d) => `${d.checkinDate} ${RU[d.weekday]!}`), "searched 7 of 7 dates"],
        nextStep: ["tbank_hotels_plan_stay", `checkinDate=${best.checkinDate}`, `checkoutDate=${best.checkoutDate}`],
        maxTokens: 1400,
      },
      { save: { date: "cheapest.checkinDate", hotel: "cheapest.hotel" } },
    ),
    planStay({ destination: "Суздаль", checkinDate: "$date", checkoutDate: best.checkoutDate, hotelName: "$hotel" }, { status: "ok", isError: false, text: [best.hotel], textMatches: ["journeyId=jrn_"] }),
  ],
};
