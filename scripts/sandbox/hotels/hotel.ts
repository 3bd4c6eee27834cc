import { z } from "zod";
import type { Hotel } from "../data/hotels.js";
import { ratesFor, type Rate, type Stay } from "../data/pricing.js";
import { json, providerError, type RouteDef, type RouteRequest, type SandboxResponse } from "../http.js";
import type { HotelsContext } from "./context.js";
import { checkStay, parseBody, StayShape } from "./schemas.js";

const RatesBodySchema = z.strictObject({
  ...StayShape,
  // Rates filters are an unconfirmed pass-through in the real contract: accepted, not applied.
  filters: z.array(z.unknown()).max(20).optional(),
});

const RateBodySchema = z.strictObject(StayShape);

const VERSIONS = [
  { path: "v1", rates: "rates_v1", rate: "rate_v1" },
  { path: "v2", rates: "rates_v2", rate: "rate_v2" },
  { path: "v3", rates: "rates", rate: "rate" },
] as const;

/** [hotel], [rates] (and its v1, v2) and [rate] (and its v1, v2): the hotel card, the bookable rates for a stay, and one of them. */
export function hotelRoutes(ctx: HotelsContext): RouteDef[] {
  const ratesOf = (req: RouteRequest, stay: Stay): { hotel: Hotel; rates: ReturnType<typeof rateView>[] } | SandboxResponse => {
    const problem = checkStay(req, stay);
    if (problem) return problem;
    const hotel = ctx.catalog.hotel(req.params.hotelId ?? "");
    const location = hotel && ctx.catalog.location(hotel.locationId);
    if (!hotel || !location) return providerError(404, "hotel_not_found", "no such hotel", req.requestId);
    return { hotel, rates: ratesFor(ctx.env.seed, hotel, stay, location.profile.utcOffset).map((r) => rateView(r, ctx.env.hostileCheckout)) };
  };

  const rates = (req: RouteRequest): SandboxResponse => {
    const body = parseBody(req, RatesBodySchema);
    if (!body.ok) return body.error;
    const stay: Stay = { checkinDate: body.value.checkinDate, checkoutDate: body.value.checkoutDate, guests: body.value.guests };
    const found = ratesOf(req, stay);
    if ("status" in found) return found;
    return json(200, { hotelId: found.hotel.hotelId, checkinDate: stay.checkinDate, checkoutDate: stay.checkoutDate, rates: found.rates });
  };

  const rate = (req: RouteRequest): SandboxResponse => {
    const body = parseBody(req, RateBodySchema);
    if (!body.ok) return body.error;
    const stay: Stay = body.value;
    const found = ratesOf(req, stay);
    if ("status" in found) return found;
    const one = found.rates.find((r) => r.rateId === req.params.rateId);
    if (!one) return providerError(404, "rate_not_found", "no such rate for this hotel and stay", req.requestId);
    return json(200, { hotelId: found.hotel.hotelId, checkinDate: stay.checkinDate, checkoutDate: stay.checkoutDate, rate: one });
  };

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
          amenities: ctx.env.hostilePlace === undefined ? details.amenities : [...details.amenities, ctx.env.hostilePlace],
          checkinTime: hotel.checkinTime,
          checkoutTime: hotel.checkoutTime,
          coordinates: hotel.coordinates,
          distanceToCenterKm: hotel.distanceToCenterKm,
          photos: details.photos,
        });
      },
    },
    // The seed says rates have contract versions; the sandbox serves the same data on each path.
    ...VERSIONS.map((v) => ({ id: v.rates, method: "POST" as const, path: `/api/${v.path}/hotels/:hotelId/rates`, handler: rates })),
    ...VERSIONS.map((v) => ({ id: v.rate, method: "POST" as const, path: `/api/${v.path}/hotels/:hotelId/rates/:rateId`, handler: rate })),
  ];
}

/** A rate as the rates routes answer it; hostileCheckout, when set, as its paymentType. */
function rateView(r: Rate, hostilePaymentType: string | undefined) {
  return {
    rateId: r.rateId,
    bookHash: r.bookHash,
    roomName: r.roomName,
    maxOccupancy: r.maxOccupancy,
    mealName: r.mealName,
    price: r.price,
    cancellation: r.cancellation,
    paymentType: hostilePaymentType ?? r.paymentType,
  };
}
