import { planStay } from "../journey-steps.js";
import { AMENITY, cityHotels, hasAmenity } from "../criteria-facts.js";
import type { Scenario } from "../types.js";

// Parking is in the filter catalogue, accessibility is not: parking goes to the provider, the
// accessible rooms are read on the candidates' own cards (30 at most, in the plan's order), and
// the answer says which was which and how many cards were read.
const withParking = cityHotels("Казань").filter((h) => hasAmenity(h, AMENITY.parking));
const read = withParking.filter((h) => !h.hotel.feedWithoutId).slice(0, 30);
const accessible = read.filter((h) => hasAmenity(h, AMENITY.accessible));
const [first] = accessible;
if (!first || withParking.length <= 30) throw new Error("s163 needs more than 30 Казань hotels with parking, one accessible");

export const scenario: Scenario = {
  id: "s163",
  title: "“Parking and wheelchair access” in English: parking by the provider's filter, accessibility checked on hotel cards, both said",
  request: "Hotels in Kazan for March 12–14 with parking and wheelchair-accessible rooms, two adults.",
  budgetTokens: 700,
  steps: [
    planStay(
      { destination: "Казань", checkinDate: "2027-03-12", checkoutDate: "2027-03-14", language: "en", amenities: ["parking", "accessible"] },
      {
        status: "ok",
        text: [
          "amenities parking filtered by the provider for the whole collection",
          `amenities accessible removed ${withParking.length - accessible.length} (checked locally on hotel cards: ${read.length} of ${withParking.length} read, unread ones removed)`,
          `${accessible.length} of ${withParking.length} remain`,
        ],
        textMatches: [`\\n1\\. [^\\n]*${first.hotel.name}`],
        notText: ["кешбэк", "за ночь"],
      },
    ),
  ],
};
