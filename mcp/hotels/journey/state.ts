import type { NormalizedCheckout } from "./checkout.js";
import type { Collector } from "./collect.js";
import type { PlanStayRequest } from "./input.js";
import type { JourneyOption, OptionIdRegistry } from "./options.js";
import type { NearPoint } from "./near.js";
import type { LoadedRates } from "./rates.js";
import type { Ranking } from "./types.js";
import type { JourneyCashback } from "./value.js";
import type { AmenityCheck } from "./amenity-check.js";

export interface ResolvedDestination {
  destinationId: string;
  name: string;
  region: string;
  country: string;
  /** IANA zone from the location catalog, when the provider gives one. */
  timeZone?: string;
  /** plan_stay's `near`, resolved: distances and maxDistanceKm measure from it (a repeat keeps it). */
  near?: NearPoint;
}

// Everything a journey remembers between tool calls. Provider ids live only in `options[].hotelId`,
// `rates.private` and `inspection.private`; tools project the public halves.
export interface JourneyState {
  request: PlanStayRequest;
  destination: ResolvedDestination;
  ranking: Ranking;
  collector: Collector;
  optionIds: OptionIdRegistry;
  options: JourneyOption[];
  lastComparisonGroup: string[] | null;
  selectedOptionId: string | null;
  rates: LoadedRates | null;
  /** Rates loaded per option in this journey: they outlive a change of selection and re-price its card. */
  loadedRates: Readonly<Record<string, LoadedRates>>;
  selectedRateNumber: number | null;
  inspection: NormalizedCheckout | null;
  continuationUsed: boolean;
  /** T-Bank cashback of the options, read beside the plan; absent when never asked. */
  cashback?: JourneyCashback;
  /** Amenities the provider does not filter, as read on the candidates' cards (journey/amenity-check.ts). */
  amenityCheck?: AmenityCheck;
}

/** A journey as plan_stay opens it: its collection and options, nothing selected or compared yet. */
export function newJourneyState(opened: Pick<JourneyState, "request" | "destination" | "ranking" | "collector" | "optionIds" | "options">): JourneyState {
  return {
    ...opened,
    lastComparisonGroup: null,
    selectedOptionId: null,
    rates: null,
    loadedRates: {},
    selectedRateNumber: null,
    inspection: null,
    continuationUsed: false,
  };
}

const CLEARED_SELECTION = { selectedOptionId: null, rates: null, selectedRateNumber: null, inspection: null } as const;

// Choosing another hotel makes its predecessor's rates and inspection meaningless.
export function withSelectedOption(state: JourneyState, optionId: string): JourneyState {
  if (state.selectedOptionId === optionId) return state;
  return { ...state, ...CLEARED_SELECTION, selectedOptionId: optionId };
}

export function withRates(state: JourneyState, rates: LoadedRates): JourneyState {
  const optionId = state.selectedOptionId;
  const loadedRates = optionId === null || rates.status === "rates_temporarily_unavailable" ? state.loadedRates : { ...state.loadedRates, [optionId]: rates };
  return { ...state, rates, loadedRates, selectedRateNumber: null, inspection: null };
}

export function withSelectedRate(state: JourneyState, rateNumber: number): JourneyState {
  return { ...state, selectedRateNumber: rateNumber, inspection: null };
}

export function withInspection(state: JourneyState, inspection: NormalizedCheckout): JourneyState {
  return { ...state, inspection };
}

// After a continuation the option list is rebuilt (ids are stable). A selected hotel that is no
// longer in the provider results takes its rates and inspection with it: a new choice is needed.
export function withOptions(state: JourneyState, options: JourneyOption[], continuation: boolean): { state: JourneyState; selectionReset: boolean } {
  const next: JourneyState = { ...state, options, continuationUsed: state.continuationUsed || continuation };
  const selected = state.selectedOptionId;
  if (selected === null || options.some((o) => o.public.optionId === selected)) return { state: next, selectionReset: false };
  return { state: { ...next, ...CLEARED_SELECTION }, selectionReset: true };
}
