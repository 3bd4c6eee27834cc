import type { Lang } from "../../../shared/locale.js";
import type { Room } from "../journey/types.js";

// Names given against the guests the search was made for. The provider's contract does not say
// every guest must be named, so a difference is a warning for the person, never a refusal.

export interface RoomCoverage {
  given: number;
  guests: number;
  complete: boolean;
}

export interface GuestCoverage {
  rooms: RoomCoverage[];
  complete: boolean;
  /** Set when some room has fewer (or more) names than guests. */
  warning?: string;
}

const WARNING: Record<Lang, (rooms: string) => string> = {
  ru: (rooms) => `Число имён не совпадает с числом гостей поиска (${rooms}); провайдер может не принять бронь — уточните у человека.`,
  en: (rooms) => `The names do not match the search's guests (${rooms}); the provider may refuse the booking — check with the person.`,
};

const ROOM: Record<Lang, (n: number, c: RoomCoverage) => string> = {
  ru: (n, c) => `номер ${n}: ${c.given} из ${c.guests}`,
  en: (n, c) => `room ${n}: ${c.given} of ${c.guests}`,
};

export function guestCoverage(rooms: readonly Room[], names: readonly (readonly unknown[])[], lang: Lang): GuestCoverage {
  const perRoom = rooms.map((room, i): RoomCoverage => {
    const given = names[i]?.length ?? 0;
    const guests = room.adults + room.childrenAges.length;
    return { given, guests, complete: given === guests };
  });
  const short = perRoom.flatMap((c, i) => (c.complete ? [] : [ROOM[lang](i + 1, c)]));
  if (short.length === 0) return { rooms: perRoom, complete: true };
  return { rooms: perRoom, complete: false, warning: WARNING[lang](short.join(", ")) };
}
