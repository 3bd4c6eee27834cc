import { reviewsPage } from "../../../scripts/sandbox/data/reviews.js";
import { TEST_EPOCH } from "../../fixtures/clock.js";
import { journeyStep, PLAN_KAZAN_WEEKEND } from "../journey-steps.js";
import { kazanHotel } from "../sandbox-facts.js";
import { EVAL_SEED } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

// The hotel PLAN_KAZAN_WEEKEND saves, and its newest reviews as the sandbox dates them.
const { hotel } = kazanHotel(1);
const reviews = reviewsPage(EVAL_SEED, hotel, 0, 10, TEST_EPOCH, "+03:00");
const quoted = reviews.find((r) => r.text !== "");
if (!quoted || hotel.rating === null) throw new Error("s095 needs a rated hotel with a review text");
const [y, m, d] = quoted.createdAt.slice(0, 10).split("-");

export const scenario: Scenario = {
  id: "s095",
  title: "What guests say about a hotel: its card (address, check-in/out, amenities, photos) and a review summary with dated quotes, no reviewer names, no provider id",
  request: "Казань 12–14 марта, двое взрослых. …А что пишут гости про второй отель? И во сколько там заезд?",
  budgetTokens: 2600,
  steps: [
    PLAN_KAZAN_WEEKEND,
    journeyStep(
      "tbank_hotels_get_stay_option_details",
      { optionId: "$optionId" },
      {
        status: "ok",
        text: [
          hotel.address,
          `заезд с ${hotel.checkinTime}`,
          `выезд до ${hotel.checkoutTime}`,
          `${String(hotel.rating).replace(".", ",")}/10 (${hotel.reviewsCount} отз.)`,
          // Whole, as the guest wrote it: no sentence picked out of it.
          `${d}.${m}.${y}: "${quoted.text}"`,
          `${hotel.photosCount} фото`,
        ],
        notText: [hotel.hotelId, ...new Set(reviews.map((r) => r.authorName))],
        nextStep: ["tbank_hotels_select_stay_option"],
        maxTokens: 700,
      },
    ),
  ],
};
