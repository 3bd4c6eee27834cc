import { createRng } from "./prng.js";

export type Currency = "RUB" | "USD" | "AMD";

export interface Location {
  /** Four digits: hotel ids start with their location id. */
  id: string;
  name: string;
  fullName: string;
  type: "city";
  region: string;
  country: string;
  hotelsCount: number;
  /** IANA zone of the destination; `profile.utcOffset` is its offset all year (test/unit/sandbox-data.test.ts). */
  timeZone: string;
  /** Data-generation facts, not part of the catalog response. */
  profile: LocationProfile;
}

export interface LocationProfile {
  /** UTC offset of `timeZone`, used for check-in deadlines, e.g. "+03:00". None of the zones has summer time. */
  utcOffset: string;
  currency: Currency;
  /** Base price range per night for a double room, in `currency`. */
  priceRange: [number, number];
  /** Resorts may offer all-inclusive and half-board. */
  resort: boolean;
  /** How many hotels of the city price in USD (a few Sochi hotels do). */
  usdHotels: number;
  center: [number, number];
}

interface Seed {
  id: string;
  name: string;
  region: string;
  country: string;
  count: [number, number];
  timeZone: string;
  profile: Partial<LocationProfile> & Pick<LocationProfile, "center">;
}

const RU = "Россия";

const SEEDS: readonly Seed[] = [
  { id: "1001", name: "Москва", region: "Москва", country: RU, count: [400, 420], timeZone: "Europe/Moscow", profile: { priceRange: [3500, 42000], center: [55.7558, 37.6173] } },
  { id: "1002", name: "Санкт-Петербург", region: "Санкт-Петербург", country: RU, count: [250, 270], timeZone: "Europe/Moscow", profile: { priceRange: [3200, 38000], center: [59.9386, 30.3141] } },
  { id: "1003", name: "Казань", region: "Республика Татарстан", country: RU, count: [110, 125], timeZone: "Europe/Moscow", profile: { priceRange: [3200, 24500], center: [55.7963, 49.1088] } },
  { id: "1004", name: "Сочи", region: "Краснодарский край", country: RU, count: [170, 190], timeZone: "Europe/Moscow", profile: { priceRange: [4000, 30000], resort: true, usdHotels: 6, center: [43.5855, 39.7231] } },
  { id: "1005", name: "Екатеринбург", region: "Свердловская область", country: RU, count: [85, 95], timeZone: "Asia/Yekaterinburg", profile: { priceRange: [2800, 18000], utcOffset: "+05:00", center: [56.8389, 60.6057] } },
  { id: "1006", name: "Нижний Новгород", region: "Нижегородская область", country: RU, count: [65, 75], timeZone: "Europe/Moscow", profile: { priceRange: [2600, 16000], center: [56.3269, 44.0059] } },
  { id: "1007", name: "Калининград", region: "Калининградская область", country: RU, count: [55, 65], timeZone: "Europe/Kaliningrad", profile: { priceRange: [2900, 17000], utcOffset: "+02:00", center: [54.7104, 20.4522] } },
  { id: "1008", name: "Анапа", region: "Краснодарский край", country: RU, count: [45, 55], timeZone: "Europe/Moscow", profile: { priceRange: [2500, 15000], resort: true, center: [44.8908, 37.3239] } },
  { id: "1009", name: "Кировск", region: "Мурманская область", country: RU, count: [30, 34], timeZone: "Europe/Moscow", profile: { priceRange: [3000, 14000], center: [67.6141, 33.6717] } },
  { id: "1010", name: "Кировск", region: "Ленинградская область", country: RU, count: [30, 32], timeZone: "Europe/Moscow", profile: { priceRange: [2200, 8000], center: [59.8756, 30.9895] } },
  { id: "1011", name: "Железногорск", region: "Курская область", country: RU, count: [30, 35], timeZone: "Europe/Moscow", profile: { priceRange: [2000, 7000], center: [52.3389, 35.3517] } },
  { id: "1012", name: "Железногорск", region: "Красноярский край", country: RU, count: [30, 36], timeZone: "Asia/Krasnoyarsk", profile: { priceRange: [2300, 8500], utcOffset: "+07:00", center: [56.2506, 93.5317] } },
  { id: "1013", name: "Ереван", region: "Ереван", country: "Армения", count: [75, 85], timeZone: "Asia/Yerevan", profile: { priceRange: [16000, 120000], currency: "AMD", utcOffset: "+04:00", center: [40.1792, 44.4991] } },
  { id: "1014", name: "Владивосток", region: "Приморский край", country: RU, count: [40, 48], timeZone: "Asia/Vladivostok", profile: { priceRange: [3000, 20000], utcOffset: "+10:00", center: [43.1155, 131.8855] } },
  { id: "1015", name: "Суздаль", region: "Владимирская область", country: RU, count: [35, 42], timeZone: "Europe/Moscow", profile: { priceRange: [2700, 15000], center: [56.4197, 40.4493] } },
];

/** The catalog for a seed: fixed ids and names, seed-dependent hotel counts. */
export function buildLocations(seed: string): Location[] {
  return SEEDS.map((s) => {
    const rng = createRng(seed, "location", s.id);
    const profile: LocationProfile = {
      utcOffset: "+03:00",
      currency: "RUB",
      priceRange: [3000, 20000],
      resort: false,
      usdHotels: 0,
      ...s.profile,
    };
    const fullName = s.region === s.name ? `${s.name}, ${s.country}` : `${s.name}, ${s.region}, ${s.country}`;
    return { id: s.id, name: s.name, fullName, type: "city", region: s.region, country: s.country, hotelsCount: rng.int(s.count[0], s.count[1]), timeZone: s.timeZone, profile };
  });
}
