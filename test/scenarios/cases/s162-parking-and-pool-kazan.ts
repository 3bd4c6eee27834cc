import { journeyStep, planStay } from "../journey-steps.js";
import { AMENITY, cityHotels, hasAmenity } from "../criteria-facts.js";
import type { Scenario } from "../types.js";

// Parking and a pool are in the destination's filter catalogue: the provider filters the whole
// collection, the answer says so, and the first hotel's details list both.
const kazan = cityHotels("Казань");
const both = kazan.filter((h) => hasAmenity(h, AMENITY.parking) && hasAmenity(h, AMENITY.pool));
const [first] = both;
if (!first || both.length < 11) throw new Error("s162 needs more than ten Казань hotels with parking and a pool");

export const scenario: Scenario = {
  id: "s162",
  title: "«С парковкой и бассейном»: both amenities go to the provider's filters, the answer says so, every hotel shown has them",
  request: "Найди отели в Казани с парковкой и бассейном на 12–14 марта, нас двое. Что у первого из удобств?",
  budgetTokens: 2100,
  steps: [
    planStay(
      { destination: "Казань", checkinDate: "2027-03-12", checkoutDate: "2027-03-14", amenities: ["parking", "pool"] },
      {
        status: "ok",
        text: ["amenities parking, pool filtered by the provider for the whole collection"],
        textMatches: [`\\n1\\. [^\\n]*${first.hotel.name}`, `shown 10 of ${both.length}`],
      },
      { save: { journeyId: "journeyId", first: "options.0.optionId" } },
    ),
    journeyStep("tbank_hotels_get_stay_option_details", { optionId: "$first" }, { status: "ok", text: [first.hotel.name, AMENITY.parking, AMENITY.pool] }),
  ],
};
