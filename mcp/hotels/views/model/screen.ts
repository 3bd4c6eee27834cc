import type { z } from "zod";
import { CardsResult, CompareResult, DetailsResult, OtherResult, RateSelectedResult, RatesResult, SelectedResult, Stay, type AlternativeT, type CardT, type HotelT, type RateT, type ReviewsT, type RowT, type StayT } from "./schemas.js";

// Which view a tool result shows, decided from its structuredContent alone: hosts deliver results
// of every tool that names the resource, and the model may call them in any order.

export type Screen =
  | { kind: "cards"; journeyId: string; stay?: string; cashback?: string; priceBand?: string; cards: CardT[]; alternatives: AlternativeT[]; offset: number; total?: number; hasMore: boolean }
  | { kind: "compare"; journeyId: string; rows: RowT[] }
  | { kind: "details"; journeyId: string; hotel: HotelT; reviews: ReviewsT }
  | { kind: "selected"; journeyId: string; card: CardT }
  | { kind: "rates"; stay: StayT; rates: RateT[]; instalment?: string }
  | { kind: "rate-selected"; rate: RateT }
  | { kind: "notice"; status: string; hotelName?: string };

type Reader = (value: unknown) => Screen | null;

function reader<S extends z.ZodType>(schema: S, to: (v: z.infer<S>) => Screen): Reader {
  return (value) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? to(parsed.data) : null;
  };
}

// Each success shape has a field no other has (options, comparisonRows, hotel, selected, rates,
// selectedRate), so the order only matters for the notice, which reads any status.
const READERS: readonly Reader[] = [
  reader(CardsResult, (r) => ({
    kind: "cards",
    journeyId: r.journeyId,
    ...(r.stay === undefined ? {} : { stay: r.stay }),
    ...(r.cashback === undefined ? {} : { cashback: r.cashback }),
    ...(r.priceBand === undefined ? {} : { priceBand: r.priceBand }),
    cards: r.options,
    alternatives: r.alternatives ?? [],
    offset: r.offset ?? 0,
    ...(r.total === undefined ? {} : { total: r.total }),
    hasMore: r.hasMore ?? false,
  })),
  reader(CompareResult, (r) => ({ kind: "compare", journeyId: r.journeyId, rows: r.comparisonRows })),
  reader(DetailsResult, (r) => ({ kind: "details", journeyId: r.journeyId, hotel: r.hotel, reviews: r.reviews })),
  reader(SelectedResult, (r) => ({ kind: "selected", journeyId: r.journeyId, card: r.selected })),
  reader(RatesResult, (r) => ({ kind: "rates", stay: r.stay, rates: r.rates, ...(r.instalment === undefined ? {} : { instalment: r.instalment }) })),
  reader(RateSelectedResult, (r) => ({ kind: "rate-selected", rate: r.selectedRate })),
  reader(OtherResult, (r) => {
    const stay = Stay.safeParse(r.stay);
    return { kind: "notice", status: r.status, ...(stay.success ? { hotelName: stay.data.hotelName } : {}) };
  }),
];

/** The view for a tool result; null when it carries no structuredContent the view can read. */
export function screenOf(structuredContent: unknown): Screen | null {
  for (const read of READERS) {
    const screen = read(structuredContent);
    if (screen) return screen;
  }
  return null;
}

/** The journey a screen belongs to, when it says (the rates answers do not: the view keeps the last one). */
export function journeyOf(screen: Screen): string | undefined {
  return "journeyId" in screen ? screen.journeyId : undefined;
}
