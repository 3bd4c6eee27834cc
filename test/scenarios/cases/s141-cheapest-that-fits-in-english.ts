import { decimalFromProviderNumber, formatMoney } from "../../../shared/money.js";
import { journeyStep, planStay } from "../journey-steps.js";
import { cheapestUnderCap, fitFacts } from "../fit-facts.js";
import type { Scenario } from "../types.js";

// Sochi for two adults and a child of 7 in one room, cheapest first: hotels with a room for three
// lead at that room's price; those without one follow every hotel that fits or may, and say why.
const stay = { checkinDate: "2027-03-19", checkoutDate: "2027-03-21", guests: [{ adultsCount: 2, childrenAges: [7] }] };
const facts = fitFacts("Сочи", stay);
const top = cheapestUnderCap(facts).slice(0, 2);
if (top.length < 2 || top.some((f) => f.fit !== "fits")) throw new Error("s141: fewer than two Сочи hotels with a room for three");
const rub = (v: number) => formatMoney(decimalFromProviderNumber(v), "RUB", "en");
// Where the first hotel without a room for three stands: after every bookable one that fits or may.
const firstWithout = facts.filter((f) => f.hotel.hasRates && f.fit !== "does_not_fit").length;

export const scenario: Scenario = {
  id: "s141",
  title: "English, Sochi, family of three: cheapest first means cheapest with a room for three; a hotel without one comes after, saying so",
  request: "Two adults and our 7-year-old, Sochi, March 19–21 — show the cheapest places that actually fit the three of us in one room",
  budgetTokens: 2400,
  steps: [
    planStay(
      { destination: "Sochi", checkinDate: stay.checkinDate, checkoutDate: stay.checkoutDate, rooms: [{ adults: 2, childrenAges: [7] }], language: "en", ranking: "lowest_price", maxOptions: 2 },
      {
        status: "ok",
        text: [...top.map((f) => `from ${rub(f.total)} for 2 nights`)],
        textOnly: ["has a room for 3 guests"],
        textMatches: top.map((f, i) => `\\n${i + 1}\\. [^\\n]*from ${rub(f.total).replace(/[.$]/gu, "\\$&")} for 2 nights[^\\n]*has a room for 3 guests`),
        notText: ["no room for", "fewer than the 3"],
      },
      { save: { journeyId: "journeyId" } },
    ),
    journeyStep("tbank_hotels_get_stay_options", { offset: firstWithout, limit: 1 }, { status: "ok", text: ["no room for 3 guests (price is for a room for 2 guests)"] }),
  ],
};
