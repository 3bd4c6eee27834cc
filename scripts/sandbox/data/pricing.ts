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
  bookHash: string;
  roomName: string;
  meal: MealKind;
  mealName: string | null;
  price: Money;
  firstNight: Money;
  cancellation: { freeCancellationUntil: string | null; penaltyAfter: Money | null };
  cancellationKind: CancellationKind;
  paymentType: "prepay" | "pay_at_hotel";
}

const ROOMS: readonly (readonly [string, number])[] = [
  ["Стандартный двухместный номер", 1],
  ["Улучшенный номер", 1.18],
  ["Номер с видом на город", 1.3],
  ["Семейный номер", 1.45],
  ["Полулюкс", 1.65],
  ["Люкс", 2.2],
];

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

export function ratesFor(seed: string, hotel: Hotel, stay: Stay, utcOffset: string): Rate[] {
  if (!hotel.hasRates) return [];
  const rng = createRng(seed, "rates", hotel.hotelId);
  const count = rng.int(2, 6);
  const base = quote(seed, hotel, stay);
  const rates: Rate[] = [];
  for (let i = 0; i < count; i++) {
    const [roomName, roomFactor] = ROOMS[Math.floor(i / 2)] ?? ROOMS[0]!;
    const variant = i % 2 === 1;
    const upgradeMeal = variant && hotel.meal === "room_only";
    const meal: MealKind = upgradeMeal ? "breakfast" : hotel.meal;
    const kind: CancellationKind = !variant ? hotel.cancellation : hotel.cancellation === "free" ? "non_refundable" : "free";
    const factor = roomFactor * (upgradeMeal ? 1.12 : 1) * (variant && kind === "non_refundable" ? 0.94 : variant ? 1.06 : 1);
    const price: Money = { value: roundMoney(base.total * factor, hotel.currency), currency: hotel.currency };
    const firstNight: Money = { value: roundMoney(base.firstNight * factor, hotel.currency), currency: hotel.currency };
    rates.push({
      rateId: `rate_${hotel.hotelId}_${i + 1}`,
      rateIndex: i,
      bookHash: bookHashFor(seed, hotel.hotelId, i, stay),
      roomName: hotel.hostileText?.room ?? roomName,
      meal,
      mealName: hotel.hostileText?.meal ?? mealName(meal, hotel.mealLanguage),
      price,
      firstNight,
      cancellationKind: kind,
      cancellation:
        kind === "free"
          ? { freeCancellationUntil: freeCancellationUntil(hotel, stay.checkinDate, utcOffset), penaltyAfter: firstNight }
          : kind === "non_refundable"
            ? { freeCancellationUntil: null, penaltyAfter: price }
            : { freeCancellationUntil: null, penaltyAfter: null },
      paymentType: rng.chance(0.8) ? "prepay" : "pay_at_hotel",
    });
  }
  return rates;
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

/** Some rates reprice between search and checkout: +4.5 %, -3 % or unchanged. */
export function driftFactor(seed: string, bookHash: string): number {
  const r = hashString(`${seed}|drift|${bookHash}`) % 6;
  return r === 0 ? 1.045 : r === 1 ? 0.97 : 1;
}
