import { createCatalog } from "../../../scripts/sandbox/data/catalog.js";
import { haversineKm, landmarksOf } from "../../../scripts/sandbox/data/landmarks.js";
import { reviewsPage } from "../../../scripts/sandbox/data/reviews.js";
import { formatIsoDate } from "../../../shared/time.js";
import { TEST_EPOCH } from "../../fixtures/clock.js";
import { journeyStep, planStay } from "../journey-steps.js";
import { EVAL_SEED } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

// Saint Petersburg's first hotel in provider order (the first card), its distance to the Hermitage and its newest reviews.
const catalog = createCatalog(EVAL_SEED, () => "http://sandbox.invalid");
const spb = catalog.locations.find((l) => l.name === "Санкт-Петербург")!;
const hermitage = landmarksOf(spb).find((l) => l.name === "Эрмитаж")!;
const hotel = catalog.hotelsOf(spb.id)[0]!;
if (hotel.feedWithoutId || hotel.rating === null) throw new Error("s098 needs a rated first hotel with an id");
const quoted = reviewsPage(EVAL_SEED, hotel, 0, 10, TEST_EPOCH, spb.profile.utcOffset).find((r) => r.text !== "");
if (!quoted) throw new Error("s098 needs a review with text");

export const scenario: Scenario = {
  id: "s098",
  title: `English: hotels near the Hermitage read «N km from "Эрмитаж"», and the first one's details and reviews are in English`,
  request: "Hotels in Saint Petersburg near the Hermitage, March 20–22, two adults. What do guests say about the first one, and when is check-in?",
  budgetTokens: 2600,
  steps: [
    planStay(
      { destination: "Saint Petersburg", near: "Hermitage", language: "en", checkinDate: "2027-03-20", checkoutDate: "2027-03-22" },
      { status: "ok", text: ['near "Эрмитаж" (distances from it)', `${haversineKm(hotel.coordinates, hermitage.coordinates).toFixed(1)} km from "Эрмитаж"`], notText: ["from the centre"] },
      { save: { journeyId: "journeyId", first: "options.0.optionId" } },
    ),
    journeyStep(
      "tbank_hotels_get_stay_option_details",
      { optionId: "$first" },
      {
        status: "ok",
        text: [`check-in from ${hotel.checkinTime}`, `check-out until ${hotel.checkoutTime}`, `${hotel.rating}/10 (${hotel.reviewsCount} reviews)`, `${formatIsoDate(quoted.createdAt.slice(0, 10), "en")}: "`, `${hotel.photosCount} photos`],
        notText: ["заезд", "отз.", quoted.authorName],
        maxTokens: 700,
      },
    ),
  ],
};
