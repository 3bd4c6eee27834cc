import { z } from "zod";
import { isoAtOffset } from "../data/dates.js";
import type { Hotel } from "../data/hotels.js";
import type { Location } from "../data/locations.js";
import { checkoutPriceOf, parseBookHash, ratesFor, roundMoney, type Money, type Rate, type Stay } from "../data/pricing.js";
import { createRng, digest } from "../data/prng.js";
import { validatePromo } from "../data/promo.js";
import { json, providerError, type RouteDef, type RouteRequest, type SandboxResponse } from "../http.js";
import type { HotelsContext } from "./context.js";
import { checkStay, parseBody, StayShape } from "./schemas.js";

export const CHECKOUT_TTL_MS = 30 * 60_000;
const MAX_CHECKOUTS = 500;

const InspectBodySchema = z.strictObject({ bookHash: z.string().min(1).max(512), ...StayShape });
const PromoBodySchema = z.strictObject({ promoCode: z.string().min(1).max(32) });

interface Checkout {
  hotel: Hotel;
  rate: Rate;
  upgrade: Rate | undefined;
  currentPrice: Money;
  expiresAt: number;
}

/** [checkout_inspect], [promo_validate], [upgrade]: checkout inspection of one rate and its side offers. */
export function checkoutRoutes(ctx: HotelsContext): RouteDef[] {
  const checkouts = new Map<string, Checkout>();
  let created = 0;

  const lookup = (req: RouteRequest): Checkout | SandboxResponse => {
    const checkout = checkouts.get(req.params.checkOutId ?? "");
    if (!checkout) return providerError(404, "checkout_not_found", "unknown checkOutId", req.requestId);
    if (ctx.env.clock.now() > checkout.expiresAt) return providerError(410, "checkout_expired", "the checkout expired; inspect the rate again", req.requestId);
    return checkout;
  };

  const inspect = (req: RouteRequest): SandboxResponse => {
    const body = parseBody(req, InspectBodySchema);
    if (!body.ok) return body.error;
    const { bookHash, ...stay } = body.value satisfies Stay & { bookHash: string };
    const found = rateOfBookHash(ctx, req, bookHash, stay);
    if ("status" in found) return found;
    const { hotel, location, rates, rate, currentPrice } = found;
    const now = ctx.env.clock.now();
    created += 1;
    const checkOutId = `co_${digest(ctx.env.seed, "checkout", created, bookHash).slice(0, 24)}`;
    checkouts.set(checkOutId, { hotel, rate, upgrade: rates[rate.rateIndex + 2], currentPrice, expiresAt: now + CHECKOUT_TTL_MS });
    for (const id of checkouts.keys()) {
      if (checkouts.size <= MAX_CHECKOUTS) break;
      checkouts.delete(id);
    }
    const offset = location.profile.utcOffset;
    const terms = cancellationTermsOf(rate, stay, offset, currentPrice, now);
    const extras = extraServices(ctx.env.seed, hotel, rate);
    const hostile = ctx.env.hostileCheckout;
    return json(200, {
      checkOutId,
      hotelId: hotel.hotelId,
      roomName: rate.roomName,
      mealName: rate.mealName,
      searchPrice: rate.price,
      currentPrice,
      priceChanged: currentPrice.value !== rate.price.value,
      cancellation: hostile === undefined ? terms : { ...terms, penalties: terms.penalties.map((p) => ({ ...p, from: hostile })) },
      extraServices: hostile === undefined ? extras : extras.map((e) => ({ ...e, type: hostile, time: hostile })),
      upgradeAvailable: rates[rate.rateIndex + 2] !== undefined,
      expiresAt: isoAtOffset(now + CHECKOUT_TTL_MS, offset),
    });
  };

  const promo = (req: RouteRequest): SandboxResponse => {
    const checkout = lookup(req);
    if ("status" in checkout) return checkout;
    const body = parseBody(req, PromoBodySchema);
    if (!body.ok) return body.error;
    const answer = validatePromo(body.value.promoCode, checkout.currentPrice);
    const hostile = ctx.env.hostileCheckout;
    if (hostile === undefined) return json(200, answer);
    return json(200, answer.valid ? { ...answer, promoCode: hostile } : { ...answer, promoCode: hostile, reason: hostile });
  };

  const upgrade = (req: RouteRequest): SandboxResponse => {
    const checkout = lookup(req);
    if ("status" in checkout) return checkout;
    const up = checkout.upgrade;
    if (!up) return json(200, { offer: null });
    const total = checkoutPriceOf(ctx.env.seed, up).value;
    return json(200, {
      offer: {
        upgradeId: `upg_${digest(ctx.env.seed, "upgrade", up.bookHash).slice(0, 16)}`,
        roomName: up.roomName,
        mealName: up.mealName,
        priceDifference: { value: roundMoney(total - checkout.currentPrice.value, up.price.currency), currency: up.price.currency },
        totalPrice: { value: total, currency: up.price.currency },
      },
    });
  };

  return [
    { id: "checkout_inspect", method: "POST", path: "/api/v1/checkout/inspect", handler: inspect },
    { id: "promo_validate", method: "POST", path: "/api/v1/checkout/:checkOutId/promocode", handler: promo },
    { id: "upgrade", method: "GET", path: "/api/v1/checkout/:checkOutId/upgrade", handler: upgrade },
  ];
}

/** The rate a bookHash names, priced for this stay as checkout inspection prices it (the write routes book it the same way). */
export function rateOfBookHash(ctx: HotelsContext, req: RouteRequest, bookHash: string, stay: Stay): InspectedRate | SandboxResponse {
  const problem = checkStay(req, stay);
  if (problem) return problem;
  const ref = parseBookHash(bookHash);
  const hotel = ref && ctx.catalog.hotel(ref.hotelId);
  const location = hotel && ctx.catalog.location(hotel.locationId);
  if (!ref || !hotel || !location) return providerError(404, "rate_not_found", "unknown bookHash", req.requestId);
  const rates = ratesFor(ctx.env.seed, hotel, stay, location.profile.utcOffset);
  const rate = rates[ref.rateIndex];
  if (rate?.bookHash !== bookHash) return providerError(410, "book_hash_expired", "the rate is no longer available for these dates and guests", req.requestId);
  return { hotel, location, rates, rate, currentPrice: checkoutPriceOf(ctx.env.seed, rate) };
}

export interface InspectedRate {
  hotel: Hotel;
  location: Location;
  rates: Rate[];
  rate: Rate;
  currentPrice: Money;
}

/** A rate's cancellation stages as of `now`: free ones charge the first night after the deadline, then the whole price from check-in. */
export function cancellationTermsOf(rate: Rate, stay: Stay, offset: string, currentPrice: Money, now: number): { freeCancellationUntil: string | null; penalties: { from: string; amount: Money }[] } {
  const free = rate.cancellation.freeCancellationUntil;
  const penalties =
    rate.cancellationKind === "free" && free
      ? [{ from: free, amount: rate.firstNight }, { from: `${stay.checkinDate}T00:00:00${offset}`, amount: currentPrice }]
      : rate.cancellationKind === "non_refundable"
        ? [{ from: isoAtOffset(now, offset), amount: currentPrice }]
        : [];
  return { freeCancellationUntil: free, penalties };
}

function extraServices(seed: string, hotel: Hotel, rate: Rate): { extraServiceId: string; type: "early_checkin" | "late_checkout"; time: string; price: Money }[] {
  const rng = createRng(seed, "extras", hotel.hotelId);
  const share = (p: number): Money => ({ value: roundMoney(rate.firstNight.value * p, rate.firstNight.currency), currency: rate.firstNight.currency });
  const out: { extraServiceId: string; type: "early_checkin" | "late_checkout"; time: string; price: Money }[] = [];
  if (rng.chance(0.7)) out.push({ extraServiceId: `es_${hotel.hotelId}_early`, type: "early_checkin", time: rng.pick(["08:00", "10:00", "11:00"]), price: share(0.5) });
  if (rng.chance(0.6)) out.push({ extraServiceId: `es_${hotel.hotelId}_late`, type: "late_checkout", time: rng.pick(["15:00", "16:00", "18:00"]), price: share(0.4) });
  return out;
}
