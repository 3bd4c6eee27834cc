import { reviewsPage } from "../data/reviews.js";
import { json, providerError, type RouteDef } from "../http.js";
import type { HotelsContext } from "./context.js";
import { parsePaging } from "./schemas.js";

export const REVIEWS_PAGE_MAX = 50;

/** [reviews]: a hotel's review summary (the feed's rating and reviewsCount) and a page of reviews, newest first. */
export function reviewRoutes(ctx: HotelsContext): RouteDef[] {
  return [
    {
      id: "reviews",
      method: "GET",
      path: "/api/v1/hotels/:hotelId/reviews",
      handler: (req) => {
        const paging = parsePaging(req, { limit: 10, max: REVIEWS_PAGE_MAX });
        if (!paging.ok) return paging.error;
        const hotel = ctx.catalog.hotel(req.params.hotelId ?? "");
        const location = hotel && ctx.catalog.location(hotel.locationId);
        if (!hotel || !location) return providerError(404, "hotel_not_found", "no such hotel", req.requestId);
        const { offset, limit } = paging.value;
        const items = reviewsPage(ctx.env.seed, hotel, offset, limit, ctx.env.clock.now(), location.profile.utcOffset);
        const next = offset + items.length;
        return json(200, {
          hotelId: hotel.hotelId,
          rating: hotel.rating,
          reviewsCount: hotel.reviewsCount,
          offset,
          nextOffset: next < hotel.reviewsCount ? next : null,
          items,
        });
      },
    },
  ];
}
