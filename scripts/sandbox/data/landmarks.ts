import type { Location } from "./locations.js";

export type LandmarkType = "landmark" | "street" | "station" | "airport" | "park";

export interface Landmark {
  poiId: string;
  locationId: string;
  name: string;
  type: LandmarkType;
  coordinates: { lat: number; lon: number };
  /** Matched by the search like the name, never returned: short and English names. */
  aliases: readonly string[];
}

type Row = readonly [name: string, type: LandmarkType, lat: number, lon: number, aliases?: readonly string[]];

// Real places at roughly their real coordinates. Several stations per city on purpose: «вокзал»
// alone is ambiguous in Moscow, Saint Petersburg and Kazan.
const ROWS: Readonly<Record<string, readonly Row[]>> = {
  "1001": [
    ["Московский Кремль", "landmark", 55.752, 37.6175, ["Кремль", "Kremlin", "Moscow Kremlin"]],
    ["Красная площадь", "landmark", 55.7539, 37.6208, ["Red Square"]],
    ["Большой театр", "landmark", 55.7601, 37.6186, ["Bolshoi Theatre"]],
    ["Парк Горького", "park", 55.7298, 37.6011, ["Gorky Park"]],
    ["Москва-Сити", "landmark", 55.7496, 37.5373, ["Moscow City"]],
    ["ВДНХ", "park", 55.8263, 37.6377, ["VDNKh"]],
    ["Тверская улица", "street", 55.7643, 37.6056, ["Tverskaya"]],
    ["Казанский вокзал", "station", 55.7737, 37.6564, ["Kazansky station"]],
    ["Ленинградский вокзал", "station", 55.7764, 37.6551, ["Leningradsky station"]],
    ["Киевский вокзал", "station", 55.7434, 37.5664, ["Kievsky station"]],
    ["Курский вокзал", "station", 55.7579, 37.661, ["Kursky station"]],
    ["Аэропорт Шереметьево", "airport", 55.9726, 37.4146, ["Sheremetyevo"]],
  ],
  "1002": [
    ["Эрмитаж", "landmark", 59.9398, 30.3146, ["Hermitage"]],
    ["Дворцовая площадь", "landmark", 59.939, 30.3158, ["Palace Square"]],
    ["Исаакиевский собор", "landmark", 59.9341, 30.3061, ["St Isaac's Cathedral"]],
    ["Петропавловская крепость", "landmark", 59.95, 30.3166, ["Peter and Paul Fortress"]],
    ["Невский проспект", "street", 59.9343, 30.3351, ["Nevsky Prospect"]],
    ["Московский вокзал", "station", 59.9296, 30.362, ["Moskovsky station"]],
    ["Финляндский вокзал", "station", 59.9556, 30.3563, ["Finlyandsky station"]],
    ["Витебский вокзал", "station", 59.9201, 30.3287, ["Vitebsky station"]],
    ["Аэропорт Пулково", "airport", 59.8003, 30.2625, ["Pulkovo"]],
  ],
  "1003": [
    ["Казанский Кремль", "landmark", 55.7989, 49.1054, ["Кремль", "Kremlin", "Kazan Kremlin"]],
    ["Мечеть Кул Шариф", "landmark", 55.7983, 49.1052, ["Кул-Шариф", "Kul Sharif"]],
    ["Улица Баумана", "street", 55.7897, 49.1213, ["Баумана", "Bauman Street"]],
    ["Старо-Татарская слобода", "landmark", 55.781, 49.114, ["Old Tatar Quarter"]],
    ["Центр семьи «Казан»", "landmark", 55.8134, 49.108, ["Чаша", "Kazan Family Center"]],
    ["Казань Арена", "landmark", 55.8208, 49.161, ["Kazan Arena"]],
    ["Железнодорожный вокзал Казань-Пассажирская", "station", 55.7885, 49.0997, ["Railway station"]],
    ["Речной вокзал", "station", 55.7796, 49.0975, ["River station"]],
    ["Аэропорт Казань", "airport", 55.6062, 49.2787, ["Kazan airport"]],
  ],
  "1004": [
    ["Морской вокзал", "station", 43.5794, 39.7197, ["Sea port"]],
    ["Железнодорожный вокзал Сочи", "station", 43.5899, 39.7285, ["Sochi railway station"]],
    ["Парк «Ривьера»", "park", 43.5917, 39.7157, ["Riviera Park"]],
    ["Олимпийский парк", "park", 43.4025, 39.9554, ["Olympic Park"]],
    ["Курортный проспект", "street", 43.5764, 39.7268, ["Kurortny Prospekt"]],
  ],
  "1005": [
    ["Храм на Крови", "landmark", 56.8444, 60.6088, ["Church on the Blood"]],
    ["Плотинка", "landmark", 56.8379, 60.6034, ["Historical Square"]],
    ["Железнодорожный вокзал Екатеринбург", "station", 56.8583, 60.6011, ["Yekaterinburg railway station"]],
  ],
  "1006": [
    ["Нижегородский кремль", "landmark", 56.3287, 44.0033, ["Кремль", "Kremlin"]],
    ["Большая Покровская улица", "street", 56.3214, 44.0004, ["Bolshaya Pokrovskaya"]],
    ["Московский вокзал", "station", 56.3217, 43.9457, ["Moskovsky station"]],
  ],
  "1007": [
    ["Кафедральный собор", "landmark", 54.7062, 20.5118, ["Cathedral"]],
    ["Южный вокзал", "station", 54.6932, 20.4988, ["South station"]],
    ["Северный вокзал", "station", 54.7198, 20.5029, ["North station"]],
  ],
  "1008": [
    ["Центральный пляж Анапы", "landmark", 44.8926, 37.3121, ["Central beach"]],
    ["Железнодорожный вокзал Анапа", "station", 44.9134, 37.3553, ["Anapa railway station"]],
  ],
  "1009": [["Горнолыжный курорт «Большой Вудъявр»", "landmark", 67.6327, 33.7002, ["Big Wood"]]],
  "1010": [["Набережная Невы", "street", 59.8786, 30.9943, ["Neva embankment"]]],
  "1011": [["Железногорский драмтеатр", "landmark", 52.3401, 35.3549, ["Drama theatre"]]],
  "1012": [["Озеро Железногорска", "park", 56.2552, 93.5403, ["Lake"]]],
  "1013": [
    ["Площадь Республики", "landmark", 40.1777, 44.5126, ["Republic Square"]],
    ["Каскад", "landmark", 40.1912, 44.5154, ["Cascade"]],
    ["Аэропорт Звартноц", "airport", 40.1473, 44.3959, ["Zvartnots"]],
  ],
  "1014": [
    ["Золотой мост", "landmark", 43.1112, 131.8887, ["Golden Bridge"]],
    ["Железнодорожный вокзал Владивосток", "station", 43.1116, 131.8817, ["Vladivostok railway station"]],
    ["Морской вокзал", "station", 43.1112, 131.8832, ["Sea terminal"]],
  ],
  "1015": [
    ["Суздальский кремль", "landmark", 56.4153, 40.4413, ["Кремль", "Kremlin"]],
    ["Музей деревянного зодчества", "landmark", 56.4136, 40.4373, ["Museum of Wooden Architecture"]],
  ],
};

/** The points of interest of a location, in a fixed order; ids start with the location id. */
export function landmarksOf(location: Pick<Location, "id">): Landmark[] {
  return (ROWS[location.id] ?? []).map(([name, type, lat, lon, aliases = []], i) => ({
    poiId: `${location.id}-p${String(i + 1).padStart(2, "0")}`,
    locationId: location.id,
    name,
    type,
    coordinates: { lat, lon },
    aliases,
  }));
}

const normalize = (text: string): string =>
  text
    .toLowerCase()
    .replaceAll("ё", "е")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

// Word stems: "кремлём" finds «Кремль», "баумана" «Улица Баумана». Short words ("ул", "с") and
// house numbers are left out, so an address finds its street.
const stems = (text: string): string[] =>
  normalize(text)
    .split(" ")
    .filter((w) => w.length >= 3 && !/^\d+$/.test(w))
    .map((w) => w.slice(0, Math.max(3, w.length - 2)));

/** The sandbox's text match: every stem of the query starts some word of the name or an alias. */
export function landmarkMatches(landmark: Landmark, query: string): boolean {
  const wanted = stems(query);
  if (wanted.length === 0) return false;
  return [landmark.name, ...landmark.aliases].some((text) => {
    const words = normalize(text).split(" ");
    return wanted.every((stem) => words.some((w) => w.startsWith(stem)));
  });
}

/** Great-circle distance in kilometres, unrounded: what the sandbox's facts measure with. */
export function haversineKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}
