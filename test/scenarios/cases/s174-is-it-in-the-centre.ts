import { createCatalog } from "../../../scripts/sandbox/data/catalog.js";
import { journeyStep, planStay } from "../journey-steps.js";
import { EVAL_SEED, kazanHotel, KAZAN_WEEKEND } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

// The eleventh Казань card: its description says «в историческом центре», the search puts it 6 km
// from the centre. The details say the distance beside the claim.
const POSITION = 10;
const { hotel } = kazanHotel(POSITION);
const description = createCatalog(EVAL_SEED, () => "http://sandbox.invalid").details(hotel).description;
if (!description.includes("в историческом центре") || hotel.distanceToCenterKm <= 3 || hotel.feedWithoutId) throw new Error("s174 needs a far hotel described as in the centre");
const km = hotel.distanceToCenterKm.toFixed(1);

export const scenario: Scenario = {
  id: "s174",
  title: "«Он правда в центре?»: a description's «в историческом центре» of a hotel 6 km out is shown with the distance",
  request: `Казань 12–14 марта, двое взрослых. ${hotel.name} — он правда в историческом центре?`,
  budgetTokens: 2600,
  steps: [
    planStay(
      { destination: "Казань", checkinDate: KAZAN_WEEKEND.checkinDate, checkoutDate: KAZAN_WEEKEND.checkoutDate, maxOptions: POSITION + 1 },
      { status: "ok", text: [hotel.name] },
      { save: { journeyId: "journeyId", optionId: `options.${POSITION}.optionId` } },
    ),
    journeyStep(
      "tbank_hotels_get_stay_option_details",
      { optionId: "$optionId" },
      { status: "ok", text: [hotel.name, '"в историческом центре"', `${km.replace(".", ",")} км до центра`], maxTokens: 700 },
    ),
  ],
};
