import { z } from "zod";
import { ratesFor, type Stay } from "../data/pricing.js";
import { cashbackPercentFor, CASHBACK_CAP, instalmentOfferFor, maxCashbackPercent, trancheAmountFor } from "../data/value.js";
import { json, providerError, type RouteDef } from "../http.js";
import type { HotelsContext } from "./context.js";
import { checkStay, IsoDateSchema, parseBody, parseValue, StayShape } from "./schemas.js";

/** One batch covers a whole plan's collection (at most 400 hotels), so a plan asks once. */
export const CASHBACK_BATCH_MAX = 500;

const PercentBodySchema = z.strictObject({ hotelIds: z.array(z.string().min(1).max(64)).min(1).max(CASHBACK_BATCH_MAX) });
const MaxQuerySchema = z.strictObject({ destinationId: z.string().min(1).max(64), checkinDate: IsoDateSchema, checkoutDate: IsoDateSchema });
const OfferBodySchema = z.strictObject(StayShape);
const TrancheQuerySchema = z.strictObject({ amount: z.coerce.number().positive().max(1e9), currency: z.string().min(3).max(3) });

const query = (url: URL): Record<string, string> => Object.fromEntries(url.searchParams);

/** [cashback_percent], [cashback_max], [bnpl_offer], [tranche_amount]: T-Bank's cashback and instalments. */
export function valueRoutes(ctx: HotelsContext): RouteDef[] {
  const { seed } = ctx.env;
  return [
    {
      id: "cashback_percent",
      method: "POST",
      path: "/api/v1/cashback/percent",
      // Unknown hotels are left out of `items`, not an error: a batch must survive one stale id.
      handler: (req) => {
        const body = parseBody(req, PercentBodySchema);
        if (!body.ok) return body.error;
        const items = [...new Set(body.value.hotelIds)].flatMap((hotelId) => {
          const hotel = ctx.catalog.hotel(hotelId);
          return hotel ? [{ hotelId, percent: cashbackPercentFor(seed, hotel) }] : [];
        });
        return json(200, { items });
      },
    },
    {
      id: "cashback_max",
      method: "GET",
      path: "/api/v1/cashback/max",
      handler: (req) => {
        const parsed = parseValue(req, MaxQuerySchema, query(req.url));
        if (!parsed.ok) return parsed.error;
        const { destinationId, checkinDate, checkoutDate } = parsed.value;
        const problem = checkStay(req, { checkinDate, checkoutDate, guests: [] });
        if (problem) return problem;
        if (!ctx.catalog.location(destinationId)) return providerError(404, "destination_not_found", "no such destination", req.requestId);
        return json(200, { destinationId, checkinDate, checkoutDate, maxPercent: maxCashbackPercent(seed, ctx.catalog.hotelsOf(destinationId)), maxAmount: CASHBACK_CAP });
      },
    },
    {
      id: "bnpl_offer",
      method: "POST",
      path: "/api/v1/hotels/:hotelId/bnpl-offer",
      handler: (req) => {
        const body = parseBody(req, OfferBodySchema);
        if (!body.ok) return body.error;
        const stay: Stay = body.value;
        const problem = checkStay(req, stay);
        if (problem) return problem;
        const hotel = ctx.catalog.hotel(req.params.hotelId ?? "");
        const location = hotel && ctx.catalog.location(hotel.locationId);
        if (!hotel || !location) return providerError(404, "hotel_not_found", "no such hotel", req.requestId);
        // The offer is for the rates the rates route answers now, keyed by their rateId.
        const offers = ratesFor(seed, hotel, stay, location.profile.utcOffset).flatMap((rate) => instalmentOfferFor(seed, hotel, rate) ?? []);
        return json(200, { hotelId: hotel.hotelId, checkinDate: stay.checkinDate, checkoutDate: stay.checkoutDate, offers });
      },
    },
    {
      id: "tranche_amount",
      method: "GET",
      path: "/api/v1/bnpl/tranche-amount",
      handler: (req) => {
        const parsed = parseValue(req, TrancheQuerySchema, query(req.url));
        if (!parsed.ok) return parsed.error;
        const { amount, currency } = parsed.value;
        return json(200, { requested: { value: amount, currency }, ...trancheAmountFor({ value: amount, currency }) });
      },
    },
  ];
}
