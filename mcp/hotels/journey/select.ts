import type { HotelsContext } from "../context.js";
import { findOption, type JourneyOption } from "./options.js";
import { findRate, type PublicRate } from "./rates.js";
import { withSelectedOption, withSelectedRate, type JourneyState } from "./state.js";

export type SelectRun = { status: "unknown_option" } | { status: "selected"; option: JourneyOption };

/** Selects one of the journey's options; choosing another hotel clears its predecessor's rates. */
export async function selectOption(ctx: Pick<HotelsContext, "journeys">, journeyId: string, state: JourneyState, optionId: string): Promise<SelectRun> {
  const option = findOption(state.options, optionId);
  if (!option) return { status: "unknown_option" };
  await ctx.journeys.update(journeyId, (s) => withSelectedOption(s, optionId));
  return { status: "selected", option };
}

/** How a rate selection ended; every case but `selected` refuses a call that should not have been made. */
export type SelectRateRun =
  | { status: "rates_not_loaded" }
  | { status: "no_bookable_rates" }
  | { status: "rate_not_found"; bookable: number[] }
  | { status: "selected"; rate: PublicRate };

/** Selects a bookable rate of the selected hotel's loaded rates. */
export async function selectRate(
  ctx: Pick<HotelsContext, "journeys">,
  journeyId: string,
  selection: { state: JourneyState; option: JourneyOption },
  rateNumber: number,
): Promise<SelectRateRun> {
  const loaded = selection.state.rates;
  if (!loaded || loaded.status === "rates_temporarily_unavailable") return { status: "rates_not_loaded" };
  if (loaded.status === "no_bookable_rates") return { status: "no_bookable_rates" };
  const rate = findRate(loaded.rates, rateNumber);
  if (!rate?.bookable) return { status: "rate_not_found", bookable: loaded.rates.filter((r) => r.bookable).map((r) => r.rateNumber) };
  const optionId = selection.option.public.optionId;
  // Selecting the same rate again keeps a fresh inspection; another rate drops it.
  await ctx.journeys.update(journeyId, (s) => (s.selectedOptionId === optionId && s.selectedRateNumber !== rateNumber ? withSelectedRate(s, rateNumber) : s));
  return { status: "selected", rate };
}
