import type { Lang } from "../../../shared/locale.js";
import type { Room } from "./types.js";
import { err, ok, type Result } from "../../../shared/result.js";

export const DEFAULT_HOTEL_PAGE_URL_TEMPLATE = "https://www.tbank.ru/travel/hotels/new/hotels/{hotelId}/";
const PLACEHOLDER = "{hotelId}";
const MARKER = "hotelid-marker-7f3a";
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export type TemplateCheck = Result<string, string>;

// The template comes from configuration: one {hotelId}, no query or fragment (nothing secret
// can ride along), HTTPS or plain http only to a loopback host (the sandbox).
export function checkHotelPageTemplate(template: string): TemplateCheck {
  if (template.split(PLACEHOLDER).length !== 2) return err("must contain exactly one {hotelId}");
  let url: URL;
  try {
    url = new URL(template.replace(PLACEHOLDER, MARKER));
  } catch {
    return err("not an absolute URL");
  }
  if (url.search !== "" || url.hash !== "" || template.includes("?") || template.includes("#")) {
    return err("must not have a query or fragment");
  }
  if (url.username !== "" || url.password !== "") return err("must not carry credentials");
  if (!url.pathname.includes(MARKER)) return err("{hotelId} must be in the path");
  const secure = url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname));
  if (!secure) return err("must be https (plain http only for a loopback host)");
  return ok(template);
}

export interface HandoffInput {
  template: string;
  hotelId: string;
  checkinDate: string;
  checkoutDate: string;
  rooms: readonly Room[];
  lang: Lang;
}

export type HandoffResult = Result<{ hostedCheckoutUrl: string; guestsCarried: boolean; note: string }, string>;

// What the link carries, in the person's words: guests only for one room without children.
const NOTE: Record<Lang, Record<"withGuests" | "datesOnly", string>> = {
  ru: {
    withGuests: "Ссылка сохраняет отель, даты и число взрослых. Тариф не резервируется: цену и доступность подтвердите на странице.",
    datesOnly: "Ссылка сохраняет отель и даты; состав гостей (несколько номеров или дети) укажите на странице. Тариф не резервируется.",
  },
  en: {
    withGuests: "The link keeps the hotel, the dates and the number of adults. The rate is not reserved: confirm price and availability on the page.",
    datesOnly: "The link keeps the hotel and the dates; enter the guests (several rooms or children) on the page. The rate is not reserved.",
  },
};

// Only dateFrom/dateTo/guests are confirmed public parameters, and guests is only known to mean
// "adults in one room": for several rooms or children the dates go alone rather than a guess.
export function buildCheckoutHandoffUrl(input: HandoffInput): HandoffResult {
  const check = checkHotelPageTemplate(input.template);
  if (!check.ok) return check;
  if (input.hotelId === "") return err("no hotel selected");
  const url = new URL(input.template.replace(PLACEHOLDER, encodeURIComponent(input.hotelId)));
  url.searchParams.set("dateFrom", input.checkinDate);
  url.searchParams.set("dateTo", input.checkoutDate);
  const [first] = input.rooms;
  const guestsCarried = input.rooms.length === 1 && first !== undefined && first.childrenAges.length === 0;
  if (guestsCarried) url.searchParams.set("guests", String(first.adults));
  const note = NOTE[input.lang][guestsCarried ? "withGuests" : "datesOnly"];
  return ok({ hostedCheckoutUrl: url.toString(), guestsCarried, note });
}
