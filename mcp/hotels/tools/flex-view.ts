import { z } from "zod";
import type { Lang } from "../../../shared/locale.js";
import { quoted } from "../../../shared/provider-text.js";
import type { IsoDate } from "../../../shared/time.js";
import { failure, success } from "../../shared/outcome.js";
import { weekdayOf, type FlexRequest } from "../journey/flex-input.js";
import type { DateResult, FlexRun, NoneReason } from "../journey/flex-run.js";
import type { ResolvedDestination } from "../journey/state.js";
import { nightsPhrase, priceDisplay, roomsPhrase } from "../journey/wording.js";
import type { ToolOutcome } from "./define.js";
import { providerFailure } from "./outcomes.js";
import { AnyArray, Candidates, Failure, OptionalAnyValue, withoutSchemaUrl } from "./schemas.js";

export const FlexOutput = withoutSchemaUrl(z.object({
  // Named in the handler's answers; listed as a string, every enum value being paid for in tools/list.
  status: z.string(),
  ...Failure,
  reason: OptionalAnyValue,
  candidates: Candidates.candidates,
  stay: OptionalAnyValue,
  dates: AnyArray.optional(),
  cheapest: OptionalAnyValue,
  coverage: OptionalAnyValue,
}));
export type FlexResult = z.infer<typeof FlexOutput>;

const WEEKDAYS: Record<Lang, readonly string[]> = { en: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"], ru: ["вс", "пн", "вт", "ср", "чт", "пт", "сб"] };
const NONE: Record<NoneReason, string> = {
  no_stays: "no stays for these dates",
  no_room_for_party: "no room known to hold the party",
  filtered_out: "nothing passes the filters",
};
const FAILED = "not priced: the search failed";
const BUDGET_REACHED = "request budget reached";

/** One searched date as both channels show it: its facts in one phrase, and how many hotels it was priced on. */
interface DateRow {
  checkinDate: IsoDate;
  checkoutDate: IsoDate;
  weekday: string;
  hotel?: string;
  price?: string;
  totalDecimal?: string;
  currency?: string;
  result?: string;
  hotels?: string;
}

type Searched = Exclude<DateResult, { status: "not_searched" }>;

function row(d: Searched, rooms: number, lang: Lang): DateRow {
  const base = { checkinDate: d.checkinDate, checkoutDate: d.checkoutDate, weekday: WEEKDAYS[lang][weekdayOf(d.checkinDate)] ?? "" };
  if (d.status === "failed") return { ...base, result: FAILED };
  const hotels = `${d.hotelsSeen} of ${d.hotelsReported ?? "?"} hotels${d.complete ? "" : " seen"}`;
  if (d.status === "nothing_fits") return { ...base, result: NONE[d.reason], hotels };
  const o = d.option;
  return { ...base, hotel: o.name, price: priceDisplay(o, rooms, lang, true), totalDecimal: o.totalPriceDecimal, currency: o.currency, hotels };
}

function rowLine(r: DateRow): string {
  const what = r.hotel === undefined ? r.result : `${quoted(r.hotel)} ${r.price}`;
  return `${r.checkinDate} ${r.weekday}: ${what}${r.hotels ? ` (${r.hotels})` : ""}`;
}

function partyPhrase(rooms: readonly { adults: number; childrenAges: readonly number[] }[], lang: Lang): string {
  const adults = rooms.reduce((n, r) => n + r.adults, 0);
  const children = rooms.reduce((n, r) => n + r.childrenAges.length, 0);
  const kids = children === 0 ? "" : lang === "en" ? `, ${children} child${children === 1 ? "" : "ren"}` : `, ${children} дет.`;
  return `${lang === "en" ? `${adults} adult${adults === 1 ? "" : "s"}` : `${adults} взр.`}${kids}${rooms.length > 1 ? `, ${roomsPhrase(rooms.length, lang)}` : ""}`;
}

function stayPhrase(request: FlexRequest, destination: ResolvedDestination, lang: Lang): string {
  const stay = request.weekend ? `weekends ${request.weekend === "fri_sun" ? "Fri–Sun" : "Sat–Sun"}` : nightsPhrase(request.nights, lang);
  const f = request.filters ?? {};
  const conditions = [
    request.breakfastIncluded ? "breakfastIncluded" : "",
    f.maxPricePerNight ? `maxPricePerNight ${f.maxPricePerNight.amount} ${f.maxPricePerNight.currency}` : "",
    f.minRating === undefined ? "" : `minRating ${f.minRating}`,
    f.minStars === undefined ? "" : `minStars ${f.minStars}`,
  ].filter(Boolean);
  return `${quoted(destination.name)} (${quoted(destination.region)}), ${stay}, ${partyPhrase(request.rooms, lang)}, check-in ${request.checkinFrom}…${request.checkinTo}${conditions.length ? `; ${conditions.join(", ")}` : ""}`;
}

/** The price calendar in both channels: each searched date, the cheapest, what was not searched, and how to open a date. */
export function flexAnswer(run: FlexRun, request: FlexRequest, destination: ResolvedDestination, lang: Lang): ToolOutcome<FlexResult> {
  const searched = run.dates.filter((d): d is Searched => d.status !== "not_searched");
  const failed = searched.filter((d) => d.status === "failed");
  if (searched.length > 0 && failed.length === searched.length) return failure(providerFailure(failed[0]?.error, { filtered: request.breakfastIncluded === true }));
  const rows = searched.map((d) => row(d, request.rooms.length, lang));
  const cheapest = rows.reduce<DateRow | undefined>((best, r) => (r.hotel !== undefined && (best === undefined || Number(r.totalDecimal) < Number(best.totalDecimal)) ? r : best), undefined);
  const notSearched = run.dates.filter((d) => d.status === "not_searched").map((d) => d.checkinDate);
  const why = notSearched.length ? { notSearchedBecause: BUDGET_REACHED } : {};
  const coverage = { searched: searched.length, of: run.dates.length, notSearched, ...why, providerRequests: run.requests, budget: run.budget };
  const coverageLine = `searched ${searched.length} of ${run.dates.length} dates${notSearched.length ? `; notSearched (${BUDGET_REACHED}): ${notSearched.join(", ")}` : ""}; providerRequests ${run.requests} of budget ${run.budget}`;
  const stay = stayPhrase(request, destination, lang);
  const lines = [stay, ...rows.map((r) => `- ${rowLine(r)}`), coverageLine];
  const more = notSearched.length ? ` For the dates not searched, call again with checkinFrom=${notSearched[0]}.` : "";
  if (!cheapest) {
    const nextStep = `No searched date has a stay that fits. Tell the user; offer other dates, fewer guests per room or looser filters only as options.${more}`;
    return failure({ status: "no_matching_stays" as const, retryAllowed: false, nextStep, reason: "nothing_fits", stay, dates: rows, coverage }, { lines });
  }
  const open = `tbank_hotels_plan_stay(destination=${destination.destinationId}, rooms as given${request.breakfastIncluded ? ", breakfastIncluded" : ""}${request.filters ? ", the same filters" : ""}, the date's checkinDate and checkoutDate, hotelName=its hotel)`;
  const nextStep = `Prices are search prices («от»/«from»). To open a date the user picks: ${open}; for the cheapest: checkinDate=${cheapest.checkinDate}, checkoutDate=${cheapest.checkoutDate}, hotelName=${quoted(cheapest.hotel ?? "")}.${more}`;
  const best = { checkinDate: cheapest.checkinDate, weekday: cheapest.weekday, hotel: cheapest.hotel, price: cheapest.price };
  return success({ status: "ok" as const, stay, cheapest: best, dates: rows, coverage, nextStep }, ["status=ok", stay, `cheapest ${rowLine(cheapest)}`, ...lines.slice(1)]);
}
