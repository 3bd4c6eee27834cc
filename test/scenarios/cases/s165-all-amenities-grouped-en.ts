import { journeyStep, planStay } from "../journey-steps.js";
import { AMENITY, cityHotels, hasAmenity } from "../criteria-facts.js";
import type { Scenario } from "../types.js";

// The same question in English about a hotel with a family amenity: every amenity, grouped under
// English labels (the names stay the provider's words), nothing hidden.
const kazan = cityHotels("Казань").slice(0, 10);
const position = kazan.findIndex((h) => !h.hotel.feedWithoutId && h.amenities.length >= 7 && hasAmenity(h, AMENITY.parking) && h.amenities.includes("Детская площадка"));
const hotel = kazan[position];
if (!hotel) throw new Error("s165 needs a Казань hotel among the first ten with seven amenities, parking and a playground");

export const scenario: Scenario = {
  id: "s165",
  title: "“Does it have parking? What else?” in English: every amenity by group under English labels",
  request: `Kazan, March 12–14, two adults. Does ${hotel.hotel.name} have parking, and what else is there for kids?`,
  budgetTokens: 2000,
  steps: [
    planStay({ destination: "Казань", checkinDate: "2027-03-12", checkoutDate: "2027-03-14", language: "en" }, { status: "ok" }, { save: { journeyId: "journeyId", hotel: `options.${position}.optionId` } }),
    journeyStep(
      "tbank_hotels_get_stay_option_details",
      { optionId: "$hotel" },
      {
        status: "ok",
        text: [hotel.hotel.name, ...hotel.amenities.map((a) => `"${a}"`)],
        textMatches: ['parking & transport: [^;\\n]*"Парковка"', 'family: [^;\\n]*"Детская площадка"'],
        notText: ["more not shown", "and 1 more", "удобства", "прочее"],
      },
    ),
  ],
};
