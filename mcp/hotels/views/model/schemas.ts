import { z } from "zod";

// What the view reads from a journey tool's structuredContent: the boundary of the browser side.
// The fields the view shows are typed; other keys are dropped, never refused, so a tool may add a
// field without breaking the view. The shapes mirror OptionCardT and ComparisonRowT
// (tools/schemas.ts), HotelCardT and ReviewSummaryT (get-stay-option-details.ts) and RateSummary
// (checkout-common.ts): test/unit/views-model.test.ts checks them against the server's types and
// against recorded results.

export const Card = z.object({
  optionId: z.string(),
  name: z.string(),
  stars: z.number().optional(),
  rating: z.string().optional(),
  distanceToCenterKm: z.number().optional(),
  near: z.string().optional(),
  price: z.string(),
  breakfast: z.string(),
  cancellation: z.string(),
  payment: z.string().optional(),
  roomFit: z.enum(["fits", "does_not_fit", "unknown"]).optional(),
  roomFitNote: z.string().optional(),
  band: z.string().optional(),
  hasRates: z.literal(false).optional(),
  cashback: z.string().optional(),
});
export type CardT = z.infer<typeof Card>;

export const Row = Card.extend({ address: z.string(), meal: z.string() });
export type RowT = z.infer<typeof Row>;

export const Hotel = z.object({
  optionId: z.string(),
  name: z.string(),
  stars: z.number().optional(),
  address: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  amenities: z.record(z.string(), z.array(z.string())),
  moreAmenities: z.string().optional(),
  description: z.string().optional(),
  centreCheck: z.string().optional(),
  photos: z.string(),
  coverPhotoUrl: z.string().optional(),
  unavailable: z.string().optional(),
});
export type HotelT = z.infer<typeof Hotel>;

export const Quote = z.object({ date: z.string(), text: z.string().optional(), pros: z.string().optional(), cons: z.string().optional() });
export const Reviews = z.object({ rating: z.string(), quotes: z.array(Quote), unavailable: z.string().optional() });
export type ReviewsT = z.infer<typeof Reviews>;

export const Rate = z.object({
  rateNumber: z.number().int(),
  room: z.string(),
  meal: z.string(),
  price: z.string(),
  cancellation: z.string(),
  payment: z.string().optional(),
  roomFit: z.string().optional(),
  bookable: z.literal(false).optional(),
  instalment: z.string().optional(),
});
export type RateT = z.infer<typeof Rate>;

export const Stay = z.object({ hotelName: z.string(), dates: z.string(), guests: z.string() });
export type StayT = z.infer<typeof Stay>;

const JourneyId = z.string().min(1);

/** An option just outside the person's price band, offered apart with why (tools/schemas.ts AlternativeT). */
export const Alternative = z.object({ optionId: z.string(), name: z.string(), price: z.string(), why: z.string() });
export type AlternativeT = z.infer<typeof Alternative>;

/** plan_stay, repeat_stay_plan, get_stay_options, continue_stay_search with options to show. */
export const CardsResult = z.object({
  status: z.literal("ok"),
  journeyId: JourneyId,
  stay: z.string().optional(),
  cashback: z.string().optional(),
  priceBand: z.string().optional(),
  offset: z.number().int().optional(),
  options: z.array(Card).min(1),
  alternatives: z.array(Alternative).optional(),
  total: z.number().int().optional(),
  hasMore: z.boolean().optional(),
});

export const CompareResult = z.object({ status: z.literal("ok"), journeyId: JourneyId, comparisonRows: z.array(Row).min(1) });

export const DetailsResult = z.object({ status: z.literal("ok"), journeyId: JourneyId, hotel: Hotel, reviews: Reviews });

export const SelectedResult = z.object({ status: z.literal("ok"), journeyId: JourneyId, selected: Card });

export const RatesResult = z.object({ status: z.literal("ready"), stay: Stay, rates: z.array(Rate), instalment: z.string().optional() });

export const RateSelectedResult = z.object({ status: z.literal("rate_selected"), selectedRate: Rate });

/** Any other answer: a refusal or a failure, shown by its status (and the stay, when it names one). */
export const OtherResult = z.object({ status: z.string(), stay: z.unknown().optional() });
