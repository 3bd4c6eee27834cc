import { planStay, journeyStep } from "../journey-steps.js";
import { kazanReviews } from "../review-facts.js";
import { kazanHotel, KAZAN_WEEKEND } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

// The sixth Казань card: two reviews of two sentences each and one of complaints only, in a box of
// their own. In English, the labels are English and the guests' words stay as they wrote them.
const POSITION = 5;
const { hotel } = kazanHotel(POSITION);
const { reviews, lines } = kazanReviews(POSITION, "en");
if (!reviews.some((r) => r.cons !== undefined) || !reviews.some((r) => r.text.split(". ").length > 1)) {
  throw new Error("s171 needs a review with cons and one of several sentences among the newest");
}

export const scenario: Scenario = {
  id: "s171",
  title: "English «any downsides?»: reviews whole with English labels, the cons a guest wrote apart shown as cons",
  request: `Kazan, March 12–14, two adults. What do guests say about ${hotel.name}, any downsides?`,
  budgetTokens: 2600,
  steps: [
    planStay(
      { destination: "Kazan", language: "en", checkinDate: KAZAN_WEEKEND.checkinDate, checkoutDate: KAZAN_WEEKEND.checkoutDate },
      { status: "ok" },
      { save: { journeyId: "journeyId", optionId: `options.${POSITION}.optionId` } },
    ),
    journeyStep(
      "tbank_hotels_get_stay_option_details",
      { optionId: "$optionId" },
      { status: "ok", text: lines, notText: ["плюсы", "минусы", ...reviews.map((r) => r.authorName)], maxTokens: 750 },
    ),
  ],
};
