import { createCatalog } from "../../../scripts/sandbox/data/catalog.js";
import { journeyStep, planStay } from "../journey-steps.js";
import { EVAL_SEED, kazanHotel, KAZAN_WEEKEND } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

// The same far hotel as s174, asked in English: the description stays the provider's Russian words,
// and the check beside it is in English with the distance.
const POSITION = 10;
const { hotel } = kazanHotel(POSITION);
const description = createCatalog(EVAL_SEED, () => "http://sandbox.invalid").details(hotel).description;
if (!description.includes("в историческом центре") || hotel.distanceToCenterKm <= 3 || hotel.feedWithoutId) throw new Error("s175 needs a far hotel described as in the centre");

export const scenario: Scenario = {
  id: "s175",
  title: "English «is it in the centre?»: the description's claim of the centre flagged with the search's distance, in English",
  request: `Kazan, March 12–14, two adults. Is ${hotel.name} really in the historic centre?`,
  budgetTokens: 2600,
  steps: [
    planStay(
      { destination: "Kazan", language: "en", checkinDate: KAZAN_WEEKEND.checkinDate, checkoutDate: KAZAN_WEEKEND.checkoutDate, maxOptions: POSITION + 1 },
      { status: "ok", text: [hotel.name] },
      { save: { journeyId: "journeyId", optionId: `options.${POSITION}.optionId` } },
    ),
    journeyStep(
      "tbank_hotels_get_stay_option_details",
      { optionId: "$optionId" },
      { status: "ok", text: [hotel.name, '"в историческом центре"', `${hotel.distanceToCenterKm.toFixed(1)} km from the centre`], notText: ["км до центра"], maxTokens: 700 },
    ),
  ],
};
