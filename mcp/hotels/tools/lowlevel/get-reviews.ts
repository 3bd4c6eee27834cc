import { z } from "zod";
import { lowlevelTool } from "./define-lowlevel.js";

export const getReviewsTool = lowlevelTool({
  name: "get_reviews",
  title: "Provider hotel reviews",
  description: "A page of a hotel's guest reviews, newest first (authors left out); for a journey's option prefer tbank_hotels_get_stay_option_details.",
  input: z.strictObject({ hotelId: z.string(), offset: z.number().optional(), limit: z.number().optional() }),
  read: async ({ hotelId, ...page }, ctx, extra) => {
    const answer = await ctx.provider.api.reviews(hotelId, page, { signal: extra.signal });
    // Reviewers are private persons: their names are not repeated, here or in the journey.
    return { ...answer, items: answer.items.map(({ authorName: _authorName, ...review }) => review) };
  },
});
