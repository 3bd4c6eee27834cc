import { planStay } from "../journey-steps.js";
import { byCashback, cityHotels } from "../criteria-facts.js";
import type { Scenario } from "../types.js";

// The same question in English, with the floor given up front: ranked by the stated percent, only
// 5 % and more kept, and the coverage said in the conversation's language.
const kazan = cityHotels("Казань");
const [first] = byCashback(kazan);
const stated = kazan.filter((h) => h.percent !== null).length;
const atLeast5 = kazan.filter((h) => (h.percent ?? 0) >= 5).length;
if (!first || first.percent === null) throw new Error("s161 needs a Казань hotel with cashback");

export const scenario: Scenario = {
  id: "s161",
  title: "“Where is the cashback highest?” in English: highest_cashback over the whole Kazan collection, minCashbackPercent 5",
  request: "Which hotels in Kazan give the most cashback for March 12–14? Two adults, and only 5% or more please.",
  budgetTokens: 1550,
  steps: [
    planStay(
      { destination: "Казань", checkinDate: "2027-03-12", checkoutDate: "2027-03-14", language: "en", ranking: "highest_cashback", minCashbackPercent: 5 },
      {
        status: "ok",
        text: [`cashback stated for ${stated} of ${kazan.length}`, `minCashbackPercent ≥ 5 removed ${kazan.length - atLeast5}`, `${atLeast5} of ${kazan.length} remain`],
        textMatches: [`\\n1\\. [^\\n]*${first.hotel.name}[^\\n]*cashback ${first.percent}%`],
        notText: ["кешбэк", "cashback 3%"],
      },
    ),
  ],
};
