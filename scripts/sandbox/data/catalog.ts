import { withHostileText } from "./hostile.js";
import { generateHotels, type Hotel } from "./hotels.js";
import { buildLocations, type Location } from "./locations.js";
import { createRng, digest } from "./prng.js";
import { setNewest } from "../../../shared/bounded-map.js";

export interface Catalog {
  readonly locations: readonly Location[];
  location(id: string): Location | undefined;
  /** Hotels of a location in provider order; generated on first use and cached. */
  hotelsOf(locationId: string): readonly Hotel[];
  hotel(hotelId: string): Hotel | undefined;
  details(hotel: Hotel): HotelDetails;
  /** The hotel's amenities as its card lists them: what the amenity filters and their counts test. */
  amenities(hotel: Hotel): readonly string[];
  photoUrl(hotel: Hotel, n: number): string;
}

export interface HotelDetails {
  description: string;
  amenities: string[];
  photos: string[];
}

const AMENITIES = ["Бесплатный Wi-Fi", "Парковка", "Ресторан", "Бар", "Фитнес-центр", "Бассейн", "Спа", "Трансфер", "Круглосуточная стойка регистрации", "Кондиционер", "Прачечная", "Номера для некурящих", "Конференц-зал", "Детская площадка", "Можно с питомцами", "Камера хранения багажа"] as const;
/**
 * Amenities drawn on their own stream, after the base ones, so these never change any hotel's base
 * amenities. Accessibility is here and in no filter of the catalogue (filters.ts): a
 * client has to read the cards for it.
 */
const EXTRA_AMENITIES: readonly { name: string; chance: number }[] = [
  { name: "Семейные номера", chance: 0.3 },
  { name: "Номера для гостей с инвалидностью", chance: 0.2 },
  { name: "Сауна", chance: 0.2 },
  { name: "Зарядка для электромобилей", chance: 0.1 },
];
const VIEWS = ["на тихой улице", "в историческом центре", "рядом с набережной", "в деловом квартале", "в пешей доступности от метро", "в зелёном районе"] as const;

/** Cover paths a catalog keeps: every hotel of the largest city, several times over. */
const PHOTO_PATHS = 4096;

export function createCatalog(seed: string, photoBase: () => string, opts: { hostileText?: boolean; hostileName?: string } = {}): Catalog {
  const locations = buildLocations(seed);
  const byId = new Map(locations.map((l) => [l.id, l]));
  const cache = new Map<string, Hotel[]>();
  // A search's filters test every hotel of a city on each page: drawn once per hotel.
  const amenityLists = new Map<string, readonly string[]>();
  const amenities = (hotel: Hotel): readonly string[] => {
    const known = amenityLists.get(hotel.hotelId);
    if (known) return known;
    const rng = createRng(seed, "details", hotel.hotelId);
    rng.pick(VIEWS); // the description's draw comes first on this stream
    const base = rng.sample(AMENITIES, rng.int(4, 10));
    const extra = createRng(seed, "amenities", hotel.hotelId);
    const list = [...base, ...EXTRA_AMENITIES.filter((a) => extra.chance(a.chance)).map((a) => a.name)];
    amenityLists.set(hotel.hotelId, list);
    return list;
  };

  const hotelsOf = (locationId: string): readonly Hotel[] => {
    const cached = cache.get(locationId);
    if (cached) return cached;
    const location = byId.get(locationId);
    if (!location) return [];
    const generated = generateHotels(seed, location);
    const hotels = opts.hostileText ? withHostileText(generated, opts.hostileName) : generated;
    cache.set(locationId, hotels);
    return hotels;
  };

  // Opaque paths: a photo URL the MCP passes on must not carry the provider's hotel id. Two digests
  // a path, and every search card shows a cover: the PHOTO_PATHS covers last made are kept (a
  // hotel's details, with all its photos, make theirs each time).
  const coverPaths = new Map<string, string>();
  const photoPath = (hotelId: string, n: number): string =>
    `/static/hotels/${digest(seed, "photos", hotelId).slice(0, 12)}/${n + 1}-${digest(seed, hotelId, n).slice(0, 10)}.jpg`;
  const coverPath = (hotelId: string): string => {
    const known = coverPaths.get(hotelId);
    if (known !== undefined) return known;
    const path = photoPath(hotelId, 0);
    setNewest(coverPaths, hotelId, path, PHOTO_PATHS);
    return path;
  };
  const photoUrl = (hotel: Hotel, n: number): string =>
    n === 0 && hotel.hostileText ? hotel.hostileText.photoUrl : `${photoBase()}${n === 0 ? coverPath(hotel.hotelId) : photoPath(hotel.hotelId, n)}`;

  return {
    locations,
    location: (id) => byId.get(id),
    hotelsOf,
    hotel: (hotelId) => {
      const m = /^(\d{4})(\d{4})$/.exec(hotelId);
      if (!m) return undefined;
      return hotelsOf(m[1] as string)[Number(m[2]) - 1];
    },
    photoUrl,
    amenities,
    details: (hotel) => {
      const rng = createRng(seed, "details", hotel.hotelId);
      const location = byId.get(hotel.locationId);
      const stars = hotel.stars === null ? "Отель без категории" : `Отель ${hotel.stars}*`;
      return {
        description: `${stars} ${rng.pick(VIEWS)}, ${hotel.distanceToCenterKm} км от центра города ${location?.name ?? ""}. Номера с собственной ванной комнатой, заселение с ${hotel.checkinTime}.`,
        amenities: [...amenities(hotel)],
        photos: Array.from({ length: hotel.photosCount }, (_, n) => photoUrl(hotel, n)),
      };
    },
  };
}
