import { z } from "zod";
import { loadOptionDetails, type HalfFailure, type HotelFacts, type OptionDetails } from "../journey/details.js";
import type { ReviewFacts, ReviewQuote } from "../journey/reviews.js";
import { AMENITY_GROUP_LABELS } from "./criteria-view.js";
import { groupAmenities } from "../journey/amenities.js";
import { findOption, type PublicOption } from "../journey/options.js";
import { journeyView } from "../journey/view.js";
import { distanceDisplay, ratingDisplay } from "../journey/wording.js";
import { farCentreClaim } from "../journey/centre-claim.js";
import { defineTool, type ToolOutcome } from "./define.js";
import { failure, success } from "../../shared/outcome.js";
import { invalidInput, lookupJourney, providerFailure } from "./outcomes.js";
import { Failure, OptionalAnyValue, JourneyIdInput, AnyObject, OptionIdInput, withoutSchemaUrl } from "./schemas.js";
import type { Lang } from "../../../shared/locale.js";
import { quoted, quotedOr } from "../../../shared/provider-text.js";
import { formatIsoDate } from "../../../shared/time.js";
import { STAY_VIEW_TOOL_META } from "../apps/stay-view-meta.js";

const Output = withoutSchemaUrl(z.object({
  status: z.enum(["ok", "invalid_input", "details_unavailable", "provider_auth_rejected", "journey_not_found", "journey_expired"]),
  ...Failure,
  journeyId: OptionalAnyValue,
  hotel: AnyObject.optional(),
  reviews: AnyObject.optional(),
}));
type Result = z.infer<typeof Output>;

/** The hotel half as both channels show it: display strings, no provider id. */
export interface HotelCardT {
  optionId: string;
  name: string;
  stars?: number;
  address: string;
  checkIn: string;
  checkOut: string;
  /** Every amenity the provider gives, by group («парковка и транспорт»: [...]). */
  amenities: Record<string, string[]>;
  /** "ещё 5 не показаны": amenities a bound left out (details.ts), only when one did. */
  moreAmenities?: string;
  description?: string;
  /** Set when the description claims the centre of a hotel the search puts farther away: the distance beside the claim. */
  centreCheck?: string;
  /** "27 фото". */
  photos: string;
  coverPhotoUrl?: string;
  /** Set when the hotel read failed: the card holds the search's facts only. */
  unavailable?: string;
}

/** A review in the guest's words: its text, and its pros and cons when the provider gives them apart. */
export interface ReviewQuoteT {
  date: string;
  text?: string;
  pros?: string;
  cons?: string;
}

export interface ReviewSummaryT {
  /** "8,7/10 (1234 отз.)", or "отзывов пока нет". */
  rating: string;
  quotes: ReviewQuoteT[];
  unavailable?: string;
}

const WORDS: Record<Lang, {
  checkIn: (t: string | null) => string;
  checkOut: (t: string | null) => string;
  more: (n: number) => string;
  amenities: string;
  description: string;
  centreCheck: (claim: string, km: number) => string;
  photos: (n: number) => string;
  cover: string;
  reviews: string;
  noReviews: string;
  undated: string;
  pros: string;
  cons: string;
  hotelUnavailable: string;
  reviewsUnavailable: string;
}> = {
  ru: {
    checkIn: (t) => (t === null ? "заезд: нет данных" : `заезд с ${t}`),
    checkOut: (t) => (t === null ? "выезд: нет данных" : `выезд до ${t}`),
    more: (n) => `ещё ${n} не показаны`,
    amenities: "удобства",
    description: "описание",
    centreCheck: (claim, km) => `в описании ${quoted(claim)}, но по данным поиска ${distanceDisplay(km, "ru")}`,
    photos: (n) => `${n} фото`,
    cover: "обложка",
    reviews: "отзывы",
    noReviews: "отзывов пока нет",
    undated: "без даты",
    pros: "плюсы",
    cons: "минусы",
    hotelUnavailable: "карточка отеля сейчас недоступна: показаны данные поиска",
    reviewsUnavailable: "тексты отзывов сейчас недоступны: оценка и число отзывов из поиска",
  },
  en: {
    checkIn: (t) => (t === null ? "check-in: no data" : `check-in from ${t}`),
    checkOut: (t) => (t === null ? "check-out: no data" : `check-out until ${t}`),
    more: (n) => `${n} more not shown`,
    amenities: "amenities",
    description: "description",
    centreCheck: (claim, km) => `the description says ${quoted(claim)}, but the search puts it ${distanceDisplay(km, "en")}`,
    photos: (n) => `${n} photo${n === 1 ? "" : "s"}`,
    cover: "cover",
    reviews: "reviews",
    noReviews: "no reviews yet",
    undated: "undated",
    pros: "pros",
    cons: "cons",
    hotelUnavailable: "the hotel card is unavailable now: these are the search's facts",
    reviewsUnavailable: "review texts are unavailable now: rating and count from the search",
  },
};

function hotelCard(optionId: string, h: HotelFacts, failed: HalfFailure | undefined, lang: Lang, distanceToCenterKm: number): HotelCardT {
  const w = WORDS[lang];
  const more = h.amenitiesTotal - h.amenities.length;
  const claim = h.description === null ? null : farCentreClaim(h.description, distanceToCenterKm);
  const amenities = Object.fromEntries(groupAmenities(h.amenities).map((g) => [AMENITY_GROUP_LABELS[lang][g.group], g.names]));
  return {
    optionId,
    name: h.name,
    ...(h.stars === null ? {} : { stars: h.stars }),
    address: h.address,
    checkIn: w.checkIn(h.checkinTime),
    checkOut: w.checkOut(h.checkoutTime),
    amenities,
    ...(more > 0 ? { moreAmenities: w.more(more) } : {}),
    ...(h.description === null ? {} : { description: h.description }),
    ...(claim === null ? {} : { centreCheck: w.centreCheck(claim, distanceToCenterKm) }),
    photos: w.photos(h.photosCount),
    ...(h.coverPhotoUrl === null ? {} : { coverPhotoUrl: h.coverPhotoUrl }),
    ...(failed ? { unavailable: w.hotelUnavailable } : {}),
  };
}

function reviewSummary(r: ReviewFacts, failed: HalfFailure | undefined, lang: Lang): ReviewSummaryT {
  const w = WORDS[lang];
  return {
    rating: ratingDisplay(r.rating, r.count, lang) ?? w.noReviews,
    quotes: r.quotes.map(({ date, ...words }: ReviewQuote) => ({ date: date === null ? w.undated : formatIsoDate(date, lang), ...words })),
    ...(failed ? { unavailable: w.reviewsUnavailable } : {}),
  };
}

function lines(hotel: HotelCardT, reviews: ReviewSummaryT, lang: Lang): string[] {
  const w = WORDS[lang];
  const stars = hotel.stars === undefined ? "" : ` ${hotel.stars}★`;
  const groups = Object.entries(hotel.amenities).map(([label, names]) => `${label}: ${names.map(quoted).join(", ")}`);
  const amenities = groups.length === 0 ? null : `${w.amenities}: ${groups.join("; ")}${hotel.moreAmenities ? `; ${hotel.moreAmenities}` : ""}`;
  return [
    `${hotel.optionId} ${quoted(hotel.name)}${stars} · ${quotedOr(hotel.address, lang)}`,
    `${hotel.checkIn} · ${hotel.checkOut}`,
    ...(amenities ? [amenities] : []),
    ...(hotel.description ? [`${w.description}: ${quoted(hotel.description)}`] : []),
    ...(hotel.centreCheck ? [hotel.centreCheck] : []),
    `${hotel.photos}${hotel.coverPhotoUrl ? ` · ${w.cover}: ${hotel.coverPhotoUrl}` : ""}`,
    ...(hotel.unavailable ? [hotel.unavailable] : []),
    `${w.reviews}: ${reviews.rating}`,
    ...reviews.quotes.map((q) => `- ${q.date}: ${quoteLine(q, lang)}`),
    ...(reviews.unavailable ? [reviews.unavailable] : []),
  ];
}

function quoteLine(q: ReviewQuoteT, lang: Lang): string {
  const w = WORDS[lang];
  return [q.text && quoted(q.text), q.pros && `${w.pros}: ${quoted(q.pros)}`, q.cons && `${w.cons}: ${quoted(q.cons)}`].filter(Boolean).join("; ");
}

const NEXT_OK = "Quote these facts as given; quotes are guests' own words, pros and cons as they wrote them. To book this hotel: tbank_hotels_select_stay_option(journeyId, optionId).";

function answer(journeyId: string, option: PublicOption, d: OptionDetails, lang: Lang): ToolOutcome<Result> {
  const { optionId } = option;
  const { hotel: hotelFailed, reviews: reviewsFailed } = d.failed;
  if (hotelFailed && reviewsFailed) {
    const reduced = d.error && providerFailure(d.error);
    if (reduced?.status === "provider_auth_rejected") return failure({ ...reduced, status: reduced.status });
    const nextStep = "Tell the user the hotel's details and reviews cannot be read now; the option's card still stands. Do not retry.";
    return failure({ status: "details_unavailable" as const, retryAllowed: false, nextStep, journeyId, ...(reduced?.provider ? { provider: reduced.provider } : {}) });
  }
  const hotel = hotelCard(optionId, d.hotel, hotelFailed, lang, option.distanceToCenterKm);
  const reviews = reviewSummary(d.reviews, reviewsFailed, lang);
  return success({ status: "ok" as const, journeyId, hotel, reviews, nextStep: NEXT_OK }, [`status=ok journeyId=${journeyId}`, ...lines(hotel, reviews, lang)]);
}

export const getStayOptionDetails = defineTool({
  name: "tbank_hotels_get_stay_option_details",
  title: "Hotel details and reviews",
  description: "An option's hotel card (address, check-in/out, amenities, description, photos) and review summary.",
  toolset: "journey",
  input: withoutSchemaUrl(z.strictObject({ journeyId: JourneyIdInput, optionId: OptionIdInput })),
  output: Output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  _meta: STAY_VIEW_TOOL_META,
  handler: async ({ journeyId, optionId }, ctx, extra) => {
    const found = await lookupJourney(ctx, journeyId);
    if (!found.ok) return failure(found.error);
    const state = found.value.state;
    const option = findOption(state.options, optionId);
    if (!option) {
      const errors = [{ field: "optionId", message: "not an option of this journey: use an optionId shown for this journeyId" }];
      return failure(invalidInput(errors, "Pick an optionId from this journey's options (tbank_hotels_get_stay_options)."));
    }
    const view = journeyView(state, ctx.now());
    const details = await loadOptionDetails(ctx, option, { signal: extra.signal, offsetMinutes: view.offsetMinutes });
    return answer(journeyId, option.public, details, view.lang);
  },
});
