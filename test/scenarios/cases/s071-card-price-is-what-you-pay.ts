import { cheapestRate } from "../../../scripts/sandbox/data/pricing.js";
import { journeyStep, planStay, step } from "../journey-steps.js";
import { kazanHotel, KAZAN_WEEKEND, rub } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

// The first Казань hotel (provider order) whose rates moved since the search: its card promises the
// search price («от»), and once its rates are loaded every later listing shows the cheapest bookable
// rate instead.
const position = [...Array(10).keys()].find((p) => {
  const f = kazanHotel(p);
  const cheapest = cheapestRate(f.rates);
  return f.hotel.hasRates && !f.hotel.feedWithoutId && cheapest !== undefined && cheapest.price.value !== f.searchPrice.value;
});
if (position === undefined) throw new Error("s071: no drifting Казань hotel among the first ten");
const facts = kazanHotel(position);
const search = rub(facts.searchPrice.value);
const loaded = rub(cheapestRate(facts.rates)?.price.value ?? 0);

export const scenario: Scenario = {
  id: "s071",
  title: "A card's price is what the person would pay: «от» the search price, then the cheapest bookable rate everywhere",
  request: "Сколько на самом деле будет стоить этот отель в Казани на 12–14 марта? Покажи список снова с актуальной ценой и сравни с соседним",
  budgetTokens: 3600,
  steps: [
    planStay(
      { destination: "Казань", checkinDate: KAZAN_WEEKEND.checkinDate, checkoutDate: KAZAN_WEEKEND.checkoutDate },
      { status: "ok", text: [`от ${search} за 2 ночи`] },
      { save: { journeyId: "journeyId", optionId: `options.${position}.optionId`, neighbour: `options.${position === 0 ? 1 : 0}.optionId` } },
    ),
    journeyStep("tbank_hotels_select_stay_option", { optionId: "$optionId" }, { status: "ok", text: [`от ${search}`] }),
    journeyStep("tbank_hotels_get_selected_stay_rates", {}, { status: "ready", text: [loaded] }),
    journeyStep("tbank_hotels_get_stay_options", { offset: position, limit: 1 }, { status: "ok", text: [`${loaded} за 2 ночи`], notText: [`от ${loaded}`, search] }),
    step("tbank_hotels_compare_stay_options", { journeyId: "$journeyId", optionIds: ["$neighbour", "$optionId"] }, { status: "ok", text: [`${loaded} за 2 ночи`], notText: [search] }),
  ],
};
