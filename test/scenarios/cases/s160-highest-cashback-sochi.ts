import { journeyStep, planStay } from "../journey-steps.js";
import { byCashback, cityHotels } from "../criteria-facts.js";
import type { Scenario } from "../types.js";

// «Где кешбэк больше?» answered in one call: the whole Сочи collection ranked by the percent the
// provider states, the hotels it states none for said and put last; then only 7 % and more.
const sochi = cityHotels("Сочи");
const ranked = byCashback(sochi);
const [first, second] = ranked;
const stated = sochi.filter((h) => h.percent !== null).length;
const atLeast7 = sochi.filter((h) => (h.percent ?? 0) >= 7).length;
if (!first || !second || first.percent === null || second.percent === null) throw new Error("s160 needs two Сочи hotels with cashback");

export const scenario: Scenario = {
  id: "s160",
  title: "«Где в Сочи самый большой кешбэк?»: highest_cashback ranks the whole collection by the stated percent, says its coverage; minCashbackPercent keeps 7 % and more",
  request: "Где в Сочи самый большой кешбэк на 12–14 марта? Нас двое. Покажи только те, где кешбэк от 7 %, и сравни лучшие",
  budgetTokens: 4000,
  steps: [
    planStay(
      { destination: "Сочи", checkinDate: "2027-03-12", checkoutDate: "2027-03-14", ranking: "highest_cashback" },
      {
        status: "ok",
        text: [`кешбэк указан у ${stated} из ${sochi.length}`, `${sochi.length - stated} без указанного кешбэка`],
        textMatches: [`\\n1\\. [^\\n]*${first.hotel.name}[^\\n]*кешбэк ${first.percent} %`, `\\n2\\. [^\\n]*${second.hotel.name}[^\\n]*кешбэк ${second.percent} %`],
        textOnly: ["ranking=highest_cashback"],
        notText: ["₽ кешбэка"],
      },
      { save: { journeyId: "journeyId" } },
    ),
    journeyStep(
      "tbank_hotels_get_stay_options",
      { minCashbackPercent: 7 },
      { status: "ok", text: [`minCashbackPercent ≥ 7 removed ${sochi.length - atLeast7}`, `${atLeast7} of ${sochi.length} remain`], textMatches: [`\\n1\\. [^\\n]*${first.hotel.name}`] },
    ),
    journeyStep(
      "tbank_hotels_compare_stay_options",
      {},
      { status: "ok", textMatches: [`\\n1\\. [^\\n]*${first.hotel.name}[^\\n]*кешбэк ${first.percent} %`, `\\n2\\. [^\\n]*${second.hotel.name}`], notText: ["кешбэк 5 %", "кешбэк 3 %"] },
    ),
  ],
};
