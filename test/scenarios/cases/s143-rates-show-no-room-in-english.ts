import { journeyStep, planStay } from "../journey-steps.js";
import { cheapestUnderCap, fitFacts } from "../fit-facts.js";
import type { Scenario } from "../types.js";

// Sochi for two adults and a 7-year-old, cheapest first, no cap: the first hotel whose search item
// does not state its room's size and whose rooms all hold two. Once its rates say so, it moves after
// the hotels that fit or may, and the comparison says how many moved and why.
const stay = { checkinDate: "2027-03-19", checkoutDate: "2027-03-21", guests: [{ adultsCount: 2, childrenAges: [7] }] };
// Its place: after every bookable hotel with a room for three (dollar ones too), among those not known yet.
const facts = fitFacts("Сочи", stay);
const unknown = cheapestUnderCap(facts).filter((f) => f.fit === "unknown");
const at = unknown.findIndex((f) => !f.hotel.feedWithoutId && f.rates.every((r) => r.maxOccupancy < 3));
if (at < 0) throw new Error("s143: no Сочи hotel of unknown room size without a room for three");
const index = facts.filter((f) => f.hotel.hasRates && f.fit === "fits").length + at;

export const scenario: Scenario = {
  id: "s143",
  title: "English: rates show a hotel has no room for three; it leaves the top of the list and the comparison says why",
  request: "Two adults and our 7-year-old, Sochi, March 19–21, cheapest first. Does this one have a room for three? Then compare the best ones again",
  budgetTokens: 3200,
  steps: [
    planStay(
      { destination: "Sochi", checkinDate: stay.checkinDate, checkoutDate: stay.checkoutDate, rooms: [{ adults: 2, childrenAges: [7] }], language: "en", ranking: "lowest_price", maxOptions: 3 },
      { status: "ok", textOnly: ["has a room for 3 guests"] },
      { save: { journeyId: "journeyId" } },
    ),
    journeyStep("tbank_hotels_get_stay_options", { offset: index, limit: 1 }, { status: "ok", textOnly: ["room for 3 guests: not known yet"] }, { save: { optionId: "options.0.optionId" } }),
    journeyStep("tbank_hotels_select_stay_option", { optionId: "$optionId" }, { status: "ok" }),
    journeyStep("tbank_hotels_get_selected_stay_rates", {}, { status: "ready", text: ["room holds 2 guests, fewer than the 3 per room searched"] }),
    journeyStep("tbank_hotels_compare_stay_options", { scope: "all_journey_options" }, { status: "ok", text: ["after loading rates: moved to the end 1 (no room for 3 guests: 1)"], notText: ["$optionId"] }),
  ],
};
