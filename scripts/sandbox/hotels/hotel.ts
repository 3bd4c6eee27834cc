import { z } from "zod";
import { ratesFor, type Stay } from "../data/pricing.js";
import { json, providerError, type RouteDef } from "../http.js";
import type { HotelsContext } from "./context.js";
import { checkStay, parseBody, StayShape } from "./schemas.js";

const RatesBodySchema = z.strictObject({
  ...StayShape,
  // Rates filters are an unconfirmed pass-through in the real contract: accepted, not applied.
  filters: z.array(z.unknown()).max(20).optional(),
});

/** [hotel] and [rates]: the hotel card and the bookable rates for a stay. */
export function hotelRoutes(ctx: HotelsContext): RouteDef[] {
  return [
    {
      id: "hotel",
      method: "GET",
      path: "/api/v3/hotels/:hotelId",
      handler: (req) => {
        const hotel = ctx.catalog.hotel(req.params.hotelId ?? "");
        const location = hotel && ctx.catalog.location(hotel.locationId);
        if (!hotel || !location) return providerError(404, "hotel_not_found", "no such hotel", req.requestId);
        const details = ctx.catalog.details(hotel);
        return json(200, {
          hotelId: hotel.hotelId,
          name: hotel.name,
          address: hotel.address,
          city: { id: location.id, name: location.name, region: location.region, country: location.country },
          stars: hotel.stars,
          rating: hotel.rating,
          reviewsCount: hotel.reviewsCount,
          description: details.description,
          amenities: details.amenities,
          checkinTime: hotel.checkinTime,
          checkoutTime: hotel.checkoutTime,
          coordinates: hotel.coordinates,
          distanceToCenterKm: hotel.distanceToCenterKm,
          photos: details.photos,
        });
      },
    },
    {
      id: "rates",
      method: "POST",
      path: "/api/v3/hotels/:hotelId/rates",
      handler: (req) => {
        const body = parseBody(req, RatesBodySchema);
        if (!body.ok) return body.response;
        const stay: Stay = { checkinDate: body.value.checkinDate, checkoutDate: body.value.checkoutDate, guests: body.value.guests };
        const problem = checkStay(req, stay);
        if (problem) return problem;
        const hotel = ctx.catalog.hotel(req.params.hotelId ?? "");
        const location = hotel && ctx.catalog.location(hotel.locationId);
        if (!hotel || !location) return providerError(404, "hotel_not_found", "no such hotel", req.requestId);
        const rates = ratesFor(ctx.env.seed, hotel, stay, location.profile.utcOffset).map((r) => ({
          rateId: r.rateId,
          bookHash: r.bookHash,
          roomName: r.roomName,
          maxOccupancy: r.maxOccupancy,
          mealName: r.mealName,
          price: r.price,
          cancellation: r.cancellation,
          paymentType: r.paymentType,
        }));
        return json(200, { hotelId: hotel.hotelId, checkinDate: stay.checkinDate, checkoutDate: stay.checkoutDate, rates });
      },
    },
  ];
}
