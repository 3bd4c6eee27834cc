import type { JourneyOption } from "../../../mcp/hotels/journey/options.js";
import { withSelectedOption } from "../../../mcp/hotels/journey/state.js";
import type { JourneyState } from "../../../mcp/hotels/journey/state.js";
import type { Room } from "../../../mcp/hotels/journey/types.js";
import type { HotelsHarness } from "./hotels-mcp-harness.js";

// Builds a journey through the tools a person's agent calls (plan_stay, then select_stay_option)
// against the sandbox, so checkout tests run on journeys production can produce.

export interface JourneyFixtureOptions {
  checkinDate?: string;
  checkoutDate?: string;
  rooms?: Room[];
  /** Which collected option to select; null leaves the journey without a selection. */
  select?: ((option: JourneyOption, index: number) => boolean) | null;
}

export interface JourneyFixture {
  journeyId: string;
  selected: JourneyOption | null;
  options: JourneyOption[];
}

export async function createJourney(h: HotelsHarness, opts: JourneyFixtureOptions = {}): Promise<JourneyFixture> {
  const plan = await h.call("tbank_hotels_plan_stay", {
    destination: "Казань",
    checkinDate: opts.checkinDate ?? "2027-03-10",
    checkoutDate: opts.checkoutDate ?? "2027-03-12",
    rooms: opts.rooms ?? [{ adults: 2, childrenAges: [] }],
    ranking: "provider_order",
  });
  if (plan.result.isError || typeof plan.data.journeyId !== "string") throw new Error(`plan_stay failed: ${plan.text}`);
  const journeyId = plan.data.journeyId;
  const options = [...(await journeyState(h, journeyId)).options];
  const pick = opts.select === undefined ? (o: JourneyOption) => o.public.hasRates && o.hotelId !== null : opts.select;
  const selected = pick === null ? null : (options.find((o, i) => pick(o, i)) ?? null);
  if (pick !== null && !selected) throw new Error("no collected option matches the fixture's select()");
  if (selected) {
    const chosen = await h.call("tbank_hotels_select_stay_option", { journeyId, optionId: selected.public.optionId });
    if (chosen.result.isError) throw new Error(`select_stay_option failed: ${chosen.text}`);
  }
  return { journeyId, selected, options };
}

/** Points an existing journey at another collected option (what select_stay_option does). */
export async function selectOption(h: HotelsHarness, journeyId: string, option: JourneyOption): Promise<void> {
  await h.ctx.journeys.update(journeyId, (s) => withSelectedOption(s, option.public.optionId));
}

/** The journey's state as the tools left it, for tests that need the private half (never shown). */
export async function journeyState(h: HotelsHarness, journeyId: string): Promise<JourneyState> {
  const lookup = await h.ctx.journeys.get(journeyId);
  if (lookup.status !== "found") throw new Error(`journey ${lookup.status}`);
  return lookup.journey.state;
}
