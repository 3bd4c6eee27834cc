import { addDays, daysBetween } from "./dates.js";
import { mealName, type CancellationKind, type Hotel, type MealKind } from "./hotels.js";
import type { Currency } from "./locations.js";
import { createRng, digest, hashString } from "./prng.js";

export interface Room {
  adultsCount: number;
  childrenAges: number[];
}

export interface Stay {
  checkinDate: string;
  checkoutDate: string;
  guests: Room[];
}

export interface Money {
  value: number;
  currency: Currency;
}

export interface Rate {
  rateId: string;
  rateIndex: number;
  readonly bookHash: string;
  roomName: string;
  /** Guests the room holds. */
  maxOccupancy: number;
  meal: MealKind;
  mealName: string | null;
  price: Money;
  firstNight: Money;
  cancellation: { freeCancellationUntil: string | null; penaltyAfter: Money | null };
  cancellationKind: CancellationKind;
  paymentType: "prepay" | "pay_at_hotel";
}

interface RoomType {
  name: string;
  priceFactor: number;
  maxOccupancy: number;
}

const ROOMS = {
  double: { name: "Стандартный двухместный номер", priceFactor: 1, maxOccupancy: 2 },
  improved: { name: "Улучшенный номер", priceFactor: 1.18, maxOccupancy: 2 },
  cityView: { name: "Номер с видом на город", priceFactor: 1.3, maxOccupancy: 2 },
  family: { name: "Семейный номер", priceFactor: 1.45, maxOccupancy: 4 },
  juniorSuite: { name: "Полулюкс", priceFactor: 1.65, maxOccupancy: 3 },
  suite: { name: "Люкс", priceFactor: 2.2, maxOccupancy: 4 },
} as const satisfies Record<string, RoomType>;

/** Rates come in pairs per room; each hotel has its own second and third room, so some fit a family and some do not. */
const ROOM_CHOICES: readonly (readonly RoomType[])[] = [[ROOMS.double], [ROOMS.improved, ROOMS.family], [ROOMS.cityView, ROOMS.juniorSuite, ROOMS.suite]];

export function nightsOf(stay: Stay): number {
  return daysBetween(stay.checkinDate, stay.checkoutDate);
}

/** Canonical text of a stay, for hashing. */
export function stayKey(stay: Stay): string {
  return JSON.stringify([stay.checkinDate, stay.checkoutDate, stay.guests.map((r) => [r.adultsCount, [...r.childrenAges].sort((a, b) => a - b)])]);
}

/** RUB keeps kopecks in half-rouble steps (18450.5), USD cents, AMD whole drams. */
export function roundMoney(value: number, currency: Currency): number {
  if (currency === "AMD") return Math.round(value / 10) * 10;
  if (currency === "USD") return Math.round(value * 100) / 100;
  return Math.round(value * 2) / 2;
}

function guestFactor(guests: readonly Room[]): number {
  return guests.reduce((sum, r) => sum + (r.adultsCount === 1 ? 0.85 : 1 + (r.adultsCount - 2) * 0.3) + r.childrenAges.filter((a) => a >= 3).length * 0.15, 0);
}

/** Price of the cheapest rate for the whole stay, per night of the first night, both in the hotel's currency. */
export function quote(seed: string, hotel: Hotel, stay: Stay): { total: number; firstNight: number; perNight: number } {
  const nights = nightsOf(stay);
  const factor = guestFactor(stay.guests);
  let total = 0;
  let firstNight = 0;
  for (let n = 0; n < nights; n++) {
    const date = addDays(stay.checkinDate, n);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const noise = 0.92 + (hashString(`${seed}|night|${hotel.hotelId}|${date}`) % 1000) / 1000 * 0.18;
    const night = hotel.basePrice * factor * noise * (weekday === 5 || weekday === 6 ? 1.08 : 1);
    if (n === 0) firstNight = night;
    total += night;
  }
  return { total: roundMoney(total, hotel.currency), firstNight: roundMoney(firstNight, hotel.currency), perNight: total / nights };
}

export function freeCancellationUntil(hotel: Hotel, checkinDate: string, utcOffset: string, days = hotel.freeCancellationDays): string {
  return `${addDays(checkinDate, -days)}T18:00:00${utcOffset}`;
}

/** The rates of a stay as they were when the search priced it; `searchOfferFor` picks the search price among them. */
export function searchRatesFor(seed: string, hotel: Hotel, stay: Stay, utcOffset: string): Rate[] {
  if (!hotel.hasRates) return [];
  const rng = createRng(seed, "rates", hotel.hotelId);
  const count = rng.int(2, 6);
  const base = quote(seed, hotel, stay);
  const rates: Rate[] = [];
  for (let i = 0; i < count; i++) {
    const room = roomOf(seed, hotel, Math.floor(i / 2));
    const variant = i % 2 === 1;
    const upgradeMeal = variant && hotel.meal === "room_only";
    const meal: MealKind = upgradeMeal ? "breakfast" : hotel.meal;
    const kind: CancellationKind = !variant ? hotel.cancellation : hotel.cancellation === "free" ? "non_refundable" : "free";
    const factor = room.priceFactor * (upgradeMeal ? 1.12 : 1) * (variant && kind === "non_refundable" ? 0.94 : variant ? 1.06 : 1);
    const price: Money = { value: roundMoney(base.total * factor, hotel.currency), currency: hotel.currency };
    const firstNight: Money = { value: roundMoney(base.firstNight * factor, hotel.currency), currency: hotel.currency };
    let bookHash: string | undefined;
    rates.push({
      rateId: `rate_${hotel.hotelId}_${i + 1}`,
      rateIndex: i,
      // A digest per rate, and a search prices every rate of its hotels only to show the cheapest
      // price: made when first read (rates, checkout), the same value whenever.
      get bookHash() {
        return (bookHash ??= bookHashFor(seed, hotel.hotelId, i, stay));
      },
      roomName: hotel.hostileText?.room ?? room.name,
      maxOccupancy: room.maxOccupancy,
      meal,
      mealName: hotel.hostileText?.meal ?? mealName(meal, hotel.mealLanguage),
      price,
      firstNight,
      cancellationKind: kind,
      cancellation: cancellationOf(kind, price, firstNight, freeCancellationUntil(hotel, stay.checkinDate, utcOffset)),
      paymentType: rng.chance(0.8) ? "prepay" : "pay_at_hotel",
    });
  }
  return rates;
}

/** The rates route's answer: the search-time rates, repriced for the hotels whose rates drifted since (see `ratesDriftFactor`). */
export function ratesFor(seed: string, hotel: Hotel, stay: Stay, utcOffset: string): Rate[] {
  const factor = ratesDriftFactor(seed, hotel.hotelId);
  return searchRatesFor(seed, hotel, stay, utcOffset).map((rate) => {
    if (factor === 1) return rate;
    const price = scale(rate.price, factor);
    const firstNight = scale(rate.firstNight, factor);
    return { ...rate, price, firstNight, cancellation: cancellationOf(rate.cancellationKind, price, firstNight, rate.cancellation.freeCancellationUntil) };
  });
}

/**
 * What a search shows for a stay, asked with the party as a real search is: the cheapest rate at
 * search time whose room holds each room of the party (its price, meal and free cancellation), else
 * the cheapest rate of all with `maxOccupancy` saying the room is too small; the plain quote for a
 * hotel without bookable rates. `maxOccupancy` is left out for hotels whose feed does not state it.
 * `accept` narrows the rates a search filter allows; the hotel-level filters guarantee the first rate passes.
 */
export function searchOfferFor(
  seed: string,
  hotel: Hotel,
  stay: Stay,
  utcOffset: string,
  accept: (rate: Rate) => boolean = () => true,
): { price: Money; mealName: string | null; freeCancellationUntil: string | null; rate: Rate | undefined; maxOccupancy?: number } {
  const rates = searchRatesFor(seed, hotel, stay, utcOffset).filter(accept);
  const guests = guestsPerRoom(stay);
  const rate = cheapestRate(rates.filter((r) => r.maxOccupancy >= guests)) ?? cheapestRate(rates);
  if (rate) {
    const offer = { price: rate.price, mealName: rate.mealName, freeCancellationUntil: rate.cancellation.freeCancellationUntil, rate };
    return hotel.feedWithoutOccupancy ? offer : { ...offer, maxOccupancy: rate.maxOccupancy };
  }
  return {
    price: { value: quote(seed, hotel, stay).total, currency: hotel.currency },
    mealName: hotel.hostileText?.meal ?? mealName(hotel.meal, hotel.mealLanguage),
    freeCancellationUntil: hotel.cancellation === "free" ? freeCancellationUntil(hotel, stay.checkinDate, utcOffset) : null,
    rate: undefined,
  };
}

/** The most guests any one room of the stay holds: what a room must fit. */
export function guestsPerRoom(stay: Stay): number {
  return Math.max(1, ...stay.guests.map((r) => r.adultsCount + r.childrenAges.length));
}

/** The search price of a stay: what `searchOfferFor` shows without filters. */
export function searchPriceFor(seed: string, hotel: Hotel, stay: Stay, utcOffset: string): Money {
  return searchOfferFor(seed, hotel, stay, utcOffset).price;
}

/** The first of the cheapest rates, as a feed that ranks by price would pick it. */
export function cheapestRate(rates: readonly Rate[]): Rate | undefined {
  return rates.reduce<Rate | undefined>((best, r) => (best === undefined || r.price.value < best.price.value ? r : best), undefined);
}

/**
 * Rates move between search and the rates call for about one hotel in four: +3 % or -2 % on every
 * rate, so the search price is a promise the rates route may not keep.
 */
export function ratesDriftFactor(seed: string, hotelId: string): number {
  const r = hashString(`${seed}|rates-drift|${hotelId}`) % 8;
  return r === 0 ? 1.03 : r === 1 ? 0.98 : 1;
}

function roomOf(seed: string, hotel: Hotel, pair: number): RoomType {
  const choices = ROOM_CHOICES[pair] ?? ROOM_CHOICES[0]!;
  return choices[hashString(`${seed}|room|${hotel.hotelId}|${pair}`) % choices.length] ?? ROOMS.double;
}

function scale(money: Money, factor: number): Money {
  return { value: roundMoney(money.value * factor, money.currency), currency: money.currency };
}

/** Free rates charge the first night after the deadline; non-refundable ones the whole price at once. */
function cancellationOf(kind: CancellationKind, price: Money, firstNight: Money, freeUntil: string | null): Rate["cancellation"] {
  if (kind === "free") return { freeCancellationUntil: freeUntil, penaltyAfter: firstNight };
  if (kind === "non_refundable") return { freeCancellationUntil: null, penaltyAfter: price };
  return { freeCancellationUntil: null, penaltyAfter: null };
}

/** Opaque to clients; it names the hotel and rate and is bound to the stay it was quoted for. */
export function bookHashFor(seed: string, hotelId: string, rateIndex: number, stay: Stay): string {
  const mac = digest(seed, "bookHash", hotelId, rateIndex, stayKey(stay)).slice(0, 20);
  return Buffer.from(`${hotelId}.${rateIndex}.${mac}`, "utf8").toString("base64url");
}

export function parseBookHash(bookHash: string): { hotelId: string; rateIndex: number } | undefined {
  const m = /^(\d{8})\.(\d{1,2})\.[0-9a-f]{20}$/.exec(Buffer.from(bookHash, "base64url").toString("utf8"));
  return m ? { hotelId: m[1] as string, rateIndex: Number(m[2]) } : undefined;
}

/** Some rates reprice between the rates call and checkout: +4.5 %, -3 % or unchanged. */
export function driftFactor(seed: string, bookHash: string): number {
  const r = hashString(`${seed}|drift|${bookHash}`) % 6;
  return r === 0 ? 1.045 : r === 1 ? 0.97 : 1;
}

/** What checkout inspection says a rate (as the rates route returned it) costs now. */
export function checkoutPriceOf(seed: string, rate: Rate): Money {
  return scale(rate.price, driftFactor(seed, rate.bookHash));
}
