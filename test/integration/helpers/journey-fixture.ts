import { Collector } from "../../../mcp/hotels/journey/collect.js";
import type { PlanStayRequest } from "../../../mcp/hotels/journey/input.js";
import { buildOptions, OptionIdRegistry } from "../../../mcp/hotels/journey/options.js";
import type { JourneyOption } from "../../../mcp/hotels/journey/options.js";
import { withSelectedOption } from "../../../mcp/hotels/journey/state.js";
import type { JourneyState } from "../../../mcp/hotels/journey/state.js";
import type { ProviderSearchPage, Room } from "../../../mcp/hotels/journey/types.js";
import type { ProviderSearchPage as RawSearchPage } from "../../../mcp/hotels/provider/index.js";
import { nightsBetween } from "../../../shared/time.js";
import type { HotelsHarness } from "./hotels-mcp-harness.js";

// Builds a journey the way plan_stay + select_stay_option would, straight from the journey modules,
// so the checkout tools can be tested without the search-side tools.

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

const DESTINATION = "Казань";

// Optional provider fields get the values the journey types expect.
function toJourneyPage(page: RawSearchPage): ProviderSearchPage {
  return {
    ...page,
    loadedCount: page.loadedCount ?? page.items.length,
    items: page.items.map((i) => ({
      ...i,
      address: i.address ?? "",
      distanceToCenterKm: i.distanceToCenterKm ?? 0,
      coverPhotoUrl: i.coverPhotoUrl ?? "",
      photosCount: i.photosCount ?? 0,
    })),
  };
}

export async function createJourney(h: HotelsHarness, opts: JourneyFixtureOptions = {}): Promise<JourneyFixture> {
  const { api } = h.ctx.provider;
  const checkinDate = opts.checkinDate ?? "2027-03-10";
  const checkoutDate = opts.checkoutDate ?? "2027-03-12";
  const rooms = opts.rooms ?? [{ adults: 2, childrenAges: [] }];
  const locations = await api.locations({ limit: 100 });
  const city = locations.items.find((l) => l.name === DESTINATION);
  if (!city) throw new Error("the sandbox has no Казань");

  const collector = new Collector();
  const started = Date.now();
  for (let req = collector.next(0); req; req = collector.next(Date.now() - started)) {
    const body = {
      destinationId: city.id,
      checkinDate,
      checkoutDate,
      guests: rooms.map((r) => ({ adultsCount: r.adults, childrenAges: r.childrenAges })),
      offset: req.offset,
      ...(req.searchId === undefined ? {} : { searchId: req.searchId }),
    };
    collector.accept(toJourneyPage(await api.search(body, { timeoutMs: req.remainingMs })));
  }

  const nights = nightsBetween(checkinDate, checkoutDate);
  const optionIds = new OptionIdRegistry(h.ctx.random);
  const options = buildOptions(collector.items(), nights, optionIds);
  const request: PlanStayRequest = { destination: DESTINATION, checkinDate, checkoutDate, nights, rooms, maxOptions: 10 };
  let state: JourneyState = {
    request,
    destination: { destinationId: city.id, name: city.name, region: city.region ?? "", country: city.country ?? "" },
    ranking: "provider_order",
    collector,
    optionIds,
    options,
    lastComparisonGroup: null,
    selectedOptionId: null,
    rates: null,
    selectedRateNumber: null,
    inspection: null,
    continuationUsed: false,
  };
  const pick = opts.select === undefined ? (o: JourneyOption) => o.public.hasRates && o.hotelId !== null : opts.select;
  const selected = pick === null ? null : (options.find((o, i) => pick(o, i)) ?? null);
  if (pick !== null && !selected) throw new Error("no collected option matches the fixture's select()");
  if (selected) state = withSelectedOption(state, selected.public.optionId);
  return { journeyId: h.ctx.journeys.create(state).journeyId, selected, options };
}

/** Points an existing journey at another collected option (what select_stay_option does). */
export function selectOption(h: HotelsHarness, journeyId: string, option: JourneyOption): void {
  h.ctx.journeys.update(journeyId, (s) => withSelectedOption(s, option.public.optionId));
}

/** The journey's state as the tools left it, for tests that need the private half (never shown). */
export function journeyState(h: HotelsHarness, journeyId: string): JourneyState {
  const lookup = h.ctx.journeys.get(journeyId);
  if (lookup.status !== "found") throw new Error(`journey ${lookup.status}`);
  return lookup.journey.state;
}
