import { createCatalog } from "../../../scripts/sandbox/data/catalog.js";
import { ratesFor } from "../../../scripts/sandbox/data/pricing.js";
import { journeyStep, planStay } from "../journey-steps.js";
import { EVAL_SEED, KAZAN_WEEKEND } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

// Калининград's first hotel: its supplier writes meals in English ("Room only", "Breakfast
// included"). A Russian answer says them in Russian, in the table and in the structured rates.
const catalog = createCatalog(EVAL_SEED, () => "http://sandbox.invalid");
const city = catalog.locations.find((l) => l.name === "Калининград")!;
const hotel = catalog.hotelsOf(city.id)[0]!;
const stay = { ...KAZAN_WEEKEND };
const meals = [...new Set(ratesFor(EVAL_SEED, hotel, stay, city.profile.utcOffset).map((r) => r.mealName))];
if (hotel.feedWithoutId || !meals.includes("Room only") || !meals.includes("Breakfast included")) throw new Error("s173 needs a first hotel whose rates say Room only and Breakfast included");

export const scenario: Scenario = {
  id: "s173",
  title: "Russian rates: a supplier's English meal names («Room only», «Breakfast included») said in Russian",
  request: `Калининград, 12–14 марта, нас двое. Покажи тарифы в ${hotel.name}: есть ли с завтраком?`,
  budgetTokens: 3000,
  steps: [
    planStay({ destination: "Калининград", checkinDate: stay.checkinDate, checkoutDate: stay.checkoutDate }, { status: "ok" }, { save: { journeyId: "journeyId", optionId: "options.0.optionId" } }),
    journeyStep("tbank_hotels_select_stay_option", { optionId: "$optionId" }, { status: "ok", text: [hotel.name] }),
    journeyStep("tbank_hotels_get_selected_stay_rates", {}, { status: "ready", text: ["без питания", "завтрак включён"], notText: ["Room only", "Breakfast included"] }),
  ],
};
