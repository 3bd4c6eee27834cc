import { journeyStep, PLAN_KAZAN_WEEKEND } from "../journey-steps.js";
import { kazanReviews } from "../review-facts.js";
import { kazanHotel } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

// The eighth Казань card: among its newest reviews one whose guest praised the view and faulted the
// breakfast in separate boxes, and one of two sentences. Each is quoted whole, the fault beside the praise.
const POSITION = 7;
const { hotel } = kazanHotel(POSITION);
const { reviews, lines, parts } = kazanReviews(POSITION, "ru");
if (!reviews.some((r) => r.pros !== undefined && r.cons !== undefined) || !reviews.some((r) => r.text.split(". ").length > 1)) {
  throw new Error("s170 needs a review with pros and cons and one of several sentences among the newest");
}

export const scenario: Scenario = {
  id: "s170",
  title: "«Есть ли минусы?»: newest reviews quoted whole, a guest's pros and cons kept apart, no sentence picked out of a review",
  request: `Казань 12–14 марта, двое взрослых. Что пишут гости про ${hotel.name}? Есть ли минусы?`,
  budgetTokens: 2600,
  steps: [
    { ...PLAN_KAZAN_WEEKEND, save: { journeyId: "journeyId", optionId: `options.${POSITION}.optionId` } },
    journeyStep(
      "tbank_hotels_get_stay_option_details",
      { optionId: "$optionId" },
      { status: "ok", text: parts, textOnly: lines, notText: reviews.map((r) => r.authorName), maxTokens: 750 },
    ),
  ],
};
