import type { Currency, Location } from "./locations.js";
import type { HostileText } from "./hostile.js";
import { createRng, hashString } from "./prng.js";

export type MealKind = "room_only" | "breakfast" | "half_board" | "all_inclusive" | "unknown";
export type CancellationKind = "free" | "non_refundable" | "unknown";

export interface Hotel {
  hotelId: string;
  locationId: string;
  index: number;
  name: string;
  stars: number | null;
  rating: number | null;
  reviewsCount: number;
  address: string;
  distanceToCenterKm: number;
  coordinates: { lat: number; lon: number };
  /** Per night for two adults in a standard room, before date variation. */
  basePrice: number;
  currency: Currency;
  meal: MealKind;
  /** Some suppliers describe meals in English. */
  mealLanguage: "ru" | "en";
  cancellation: CancellationKind;
  /** Free cancellation ends at 18:00 local time this many days before check-in. */
  freeCancellationDays: number;
  hasRates: boolean;
  /** The search feed omits hotelId for a few items (clients must dedupe by content). */
  feedWithoutId: boolean;
  /** The search feed leaves out the priced room's capacity for about one hotel in six. */
  feedWithoutOccupancy: boolean;
  photosCount: number;
  checkinTime: string;
  checkoutTime: string;
  /** Only with the sandbox's hostileText option: replaces this hotel's meal, room and cover photo. */
  hostileText?: HostileText;
}

const BRANDS = ["Отель", "Гранд Отель", "Бутик-отель", "Апарт-отель", "Мини-отель", "Хостел", "Арт-отель", "Park Inn", "Cosmos", "Novotel", "Ibis", "Азимут", "Mercure", "Sokos", "Гостевой дом"] as const;
const WORDS = ["Центральный", "Европа", "Волна", "Северная звезда", "Старый город", "Панорама", "Империал", "Бульвар", "Маяк", "Соборный", "Садовый", "Парк", "Ривьера", "Вокзальная", "Лофт", "Сити", "Адмирал", "Гармония", "Усадьба", "Орбита", "Меридиан", "Акварель", "Берёзка", "Престиж", "Кремль", "Набережная", "Горизонт", "Дружба", "Тишина", "Классик", "Сквер", "Аврора"] as const;
const STREETS = ["ул. Ленина", "пр. Мира", "ул. Гагарина", "ул. Пушкина", "Садовая ул.", "ул. Советская", "Набережная ул.", "ул. Лермонтова", "Центральная ул.", "ул. Горького", "ул. Чехова", "Привокзальная пл.", "Школьная ул.", "пр. Победы"] as const;
const CHECKIN = ["14:00", "15:00", "13:00", "12:00"] as const;
const CHECKOUT = ["12:00", "11:00", "12:00", "10:00"] as const;

/** Hotels of one location, generated from the seed. Called lazily, once per city. */
export function generateHotels(seed: string, location: Location): Hotel[] {
  const { profile } = location;
  const ratesGap = hashString(`${seed}|rates|${location.id}`) % 10;
  const idGap = hashString(`${seed}|noid|${location.id}`) % 50;
  const occupancyGap = hashString(`${seed}|nooccupancy|${location.id}`) % 6;
  const hotels: Hotel[] = [];
  for (let index = 0; index < location.hotelsCount; index++) {
    const rng = createRng(seed, "hotel", location.id, index);
    const hotelId = `${location.id}${String(index + 1).padStart(4, "0")}`;
    const brand = rng.pick(BRANDS);
    const stars = brand === "Хостел" || brand === "Гостевой дом" ? rng.pick([null, 1, 2]) : rng.pick([2, 3, 3, 3, 4, 4, 4, 5]);
    const reviewsCount = rng.chance(0.05) ? 0 : Math.floor(Math.exp(rng.float(1, 8)));
    const rating = reviewsCount === 0 ? null : Math.round(rng.float((stars ?? 2) + 3.5, 10) * 10) / 10;
    const usd = profile.usdHotels > 0 && index % Math.floor(location.hotelsCount / profile.usdHotels) === 3;
    const [lo, hi] = profile.priceRange;
    // Stars push the price up; the exponent keeps most hotels in the lower half of the range.
    const share = Math.min(1, Math.pow(rng.next(), 1.6) * 0.7 + ((stars ?? 1) - 1) * 0.075);
    const rubPrice = lo + (hi - lo) * share;
    const dLat = rng.float(-0.06, 0.06);
    const dLon = rng.float(-0.09, 0.09);
    hotels.push({
      hotelId,
      locationId: location.id,
      index,
      name: `${brand} «${rng.pick(WORDS)}»`,
      stars,
      rating: rating === null ? null : Math.min(10, rating),
      reviewsCount,
      address: `${location.name}, ${rng.pick(STREETS)}, ${rng.int(1, 120)}`,
      distanceToCenterKm: Math.round(Math.hypot(dLat * 111, dLon * 111 * Math.cos((profile.center[0] * Math.PI) / 180)) * 10) / 10,
      coordinates: { lat: round6(profile.center[0] + dLat), lon: round6(profile.center[1] + dLon) },
      basePrice: usd ? Math.round(rubPrice / 90) : Math.round(rubPrice),
      currency: usd ? "USD" : profile.currency,
      meal: pickMeal(rng.next(), profile.resort),
      mealLanguage: usd || rng.chance(0.12) ? "en" : "ru",
      cancellation: rng.pick(["free", "free", "free", "non_refundable", "unknown"] as const),
      freeCancellationDays: rng.pick([1, 1, 2, 3, 7]),
      hasRates: index % 10 !== ratesGap,
      feedWithoutId: index % 50 === idGap,
      feedWithoutOccupancy: index % 6 === occupancyGap,
      photosCount: rng.int(20, 35),
      checkinTime: rng.pick(CHECKIN),
      checkoutTime: rng.pick(CHECKOUT),
    });
  }
  return hotels;
}

function pickMeal(x: number, resort: boolean): MealKind {
  if (resort) return x < 0.2 ? "room_only" : x < 0.55 ? "breakfast" : x < 0.75 ? "half_board" : x < 0.92 ? "all_inclusive" : "unknown";
  return x < 0.4 ? "room_only" : x < 0.85 ? "breakfast" : x < 0.9 ? "half_board" : "unknown";
}

function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

const MEAL_NAMES: Record<Exclude<MealKind, "unknown">, { ru: string; en: string }> = {
  room_only: { ru: "Без питания", en: "Room only" },
  breakfast: { ru: "Завтрак включён", en: "Breakfast included" },
  half_board: { ru: "Полупансион", en: "Half board" },
  all_inclusive: { ru: "Всё включено", en: "All inclusive" },
};

export function mealName(meal: MealKind, language: "ru" | "en"): string | null {
  return meal === "unknown" ? null : MEAL_NAMES[meal][language];
}

/** Which `meal_types` filter values a meal satisfies: half board and all-inclusive include breakfast. */
export function mealMatches(meal: MealKind, wanted: string): boolean {
  if (meal === "unknown") return false;
  if (wanted === "breakfast") return meal !== "room_only";
  return meal === wanted;
}
