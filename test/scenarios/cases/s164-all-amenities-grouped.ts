import { journeyStep, planStay } from "../journey-steps.js";
import { AMENITY, cityHotels, hasAmenity } from "../criteria-facts.js";
import type { Scenario } from "../types.js";

// «Есть ли там парковка и бассейн?»: the details list every amenity the card gives, grouped, with
// nothing hidden behind «и ещё N». The hotel is the first of the ten shown with many amenities.
const position = cityHotels("Казань").slice(0, 10).findIndex((h) => !h.hotel.feedWithoutId && h.amenities.length >= 10 && hasAmenity(h, AMENITY.parking) && hasAmenity(h, AMENITY.pool));
const hotel = cityHotels("Казань")[position];
if (!hotel) throw new Error("s164 needs a Казань hotel among the first ten with ten amenities, parking and a pool");

export const scenario: Scenario = {
  id: "s164",
  title: "«Есть ли там парковка и бассейн?»: details list every amenity of the hotel, by group, none hidden",
  request: `Казань, 12–14 марта, нас двое. В ${hotel.hotel.name} есть парковка и бассейн? Перечисли все удобства`,
  budgetTokens: 2100,
  steps: [
    planStay({ destination: "Казань", checkinDate: "2027-03-12", checkoutDate: "2027-03-14" }, { status: "ok" }, { save: { journeyId: "journeyId", hotel: `options.${position}.optionId` } }),
    journeyStep(
      "tbank_hotels_get_stay_option_details",
      { optionId: "$hotel" },
      {
        status: "ok",
        text: [hotel.hotel.name, ...hotel.amenities.map((a) => `"${a}"`)],
        textMatches: ['парковка и транспорт: [^;\\n]*"Парковка"', 'бассейн, спа и фитнес: [^;\\n]*"Бассейн"'],
        notText: ["и ещё", "не показаны"],
      },
    ),
  ],
};
