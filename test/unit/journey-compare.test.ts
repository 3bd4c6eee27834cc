import { describe, expect, it } from "vitest";
import { NBSP } from "../../shared/money.js";
import { MISSING } from "../../shared/time.js";
import { dedupeKey } from "../../mcp/hotels/journey/collect.js";
import { compareOptions, PRESENTATION_GUIDANCE, resolveComparisonScope } from "../../mcp/hotels/journey/compare.js";
import { compareRow, rowLine } from "../../mcp/hotels/tools/cards.js";
import { distanceDisplay } from "../../mcp/hotels/journey/wording.js";
import type { JourneyView } from "../../mcp/hotels/journey/view.js";
import { buildOptions, OptionIdRegistry } from "../../mcp/hotels/journey/options.js";
import type { PublicOption } from "../../mcp/hotels/journey/options.js";
import { toJourneyItem } from "../../mcp/hotels/journey/provider-shapes.js";
import type { ProviderHotelItem } from "../../mcp/hotels/provider/index.js";

function journey(ratings: (number | null)[]): PublicOption[] {
  let n = 0;
  const ids = new OptionIdRegistry((size) => new Uint8Array(size).fill(++n));
  const items: ProviderHotelItem[] = ratings.map((rating, i) => ({
    hotelId: `h${i}`,
    name: `H${i}`,
    stars: 3,
    rating,
    reviewsCount: 10 * i,
    address: `ул. ${i}`,
    distanceToCenterKm: 1.25,
    coverPhotoUrl: "https://img.example/c.jpg",
    photosCount: 3,
    shownPrice: { value: 20_000 + 1000 * i, currency: "RUB" },
    mealName: i === 0 ? "Завтрак включён" : null,
    freeCancellationUntil: null,
    hasRates: true,
  }));
  return buildOptions(items.map(toJourneyItem).map((item) => ({ dedupeKey: dedupeKey(item), item })), 2, ids).map((o) => o.public);
}

// The tool's loop: resolve the scope against the stored group, compare, store the shown group.
function session(all: PublicOption[]) {
  let group: string[] | null = null;
  const allIds = all.map((o) => o.optionId);
  return (input: Parameters<typeof resolveComparisonScope>[2], maxRows?: number) => {
    const scope = resolveComparisonScope(allIds, group, input);
    if (!scope.ok) return scope;
    const result = compareOptions(all, new Set(scope.value.optionIds), scope.value.scope, { ranking: "highest_rating" }, maxRows);
    group = result.group;
    return { ok: true as const, result, names: result.shown.map((o) => o.name) };
  };
}

describe("comparison scopes", () => {
  const all = journey([7, 9.5, 8, null, 9, 6, 8.5, 9.1]);
  const idOf = (name: string) => all.find((o) => o.name === name)!.optionId;

  it("ranks the whole journey first, then stays inside the shown group, until asked for everything", () => {
    const compare = session(all);
    const first = compare({}, 3);
    expect(first).toMatchObject({ ok: true, names: ["H1", "H7", "H4"], result: { scope: "journey_selection" } });

    // "Pick among these" with another ranking: only the shown three, never a new hotel.
    const second = compare({});
    expect(second).toMatchObject({ ok: true, names: ["H1", "H7", "H4"], result: { scope: "previous_group" } });

    const everything = compare({ scope: "all_journey_options" });
    expect(everything).toMatchObject({ ok: true, names: ["H1", "H7", "H4", "H6", "H2"], result: { scope: "all_journey_options" } });
  });

  it("orders explicit optionIds as the whole journey's ranking does, and that subset becomes the group", () => {
    const compare = session(all);
    const explicit = compare({ optionIds: [idOf("H0"), idOf("H3"), idOf("H2")] });
    expect(explicit).toMatchObject({ ok: true, names: ["H2", "H0", "H3"], result: { scope: "explicit" } });
    expect(compare({})).toMatchObject({ names: ["H2", "H0", "H3"], result: { scope: "previous_group" } });
  });

  it("validates explicit optionIds: 2..5, unique, known, not with scope", () => {
    const ids = all.map((o) => o.optionId);
    const fail = (input: Parameters<typeof resolveComparisonScope>[2]) => {
      const r = resolveComparisonScope(ids, null, input);
      return r.ok ? [] : r.error.map((e) => e.message);
    };
    expect(fail({ optionIds: [ids[0]!] })).toEqual(["compare 2..5 options"]);
    expect(fail({ optionIds: ids.slice(0, 6) })).toEqual(["compare 2..5 options"]);
    expect(fail({ optionIds: [ids[0]!, ids[0]!, ids[1]!] })).toEqual(["optionIds must not repeat"]);
    expect(fail({ optionIds: [ids[0]!, "opt_unknown"] })[0]).toContain("opt_unknown");
    expect(fail({ optionIds: [ids[0]!, ids[1]!], scope: "all_journey_options" })).toEqual(["give either optionIds or scope, not both"]);
  });

  it("asks for an explicit scope when the previous group left the journey", () => {
    const r = resolveComparisonScope(["opt_a", "opt_b"], ["opt_x", "opt_a"], {});
    expect(r.ok).toBe(false);
  });
});

describe("comparison rows", () => {
  it("are flat display facts ready to quote, with the guidance said once against re-division", () => {
    const all = journey([8, 9]);
    const c = compareOptions(all, new Set(all.map((o) => o.optionId)), "journey_selection", { ranking: "provider_order" });
    const view: JourneyView = { lang: "ru", nowMs: Date.UTC(2027, 2, 1), offsetMinutes: 180, rooms: 1, guestsPerRoom: 2 };
    const rows = c.shown.map((o) => compareRow(o, view));
    expect(rows[0]).toEqual({
      optionId: all[0]!.optionId,
      name: "H0",
      stars: 3,
      rating: "8/10 (0 отз.)",
      address: "ул. 0",
      distanceToCenterKm: 1.25,
      meal: "завтрак включён",
      price: `от 20${NBSP}000${NBSP}₽ за 2 ночи, 10${NBSP}000${NBSP}₽ за ночь`,
      totalDecimal: "20000",
      currency: "RUB",
      breakfast: "завтрак в цене",
      cancellation: `отмена: ${MISSING}`,
    });
    expect(rows[1]).toMatchObject({ meal: MISSING, breakfast: `завтрак: ${MISSING}` });
    expect(rowLine(rows[0]!, 1, view)).toContain("1,3 км до центра");
    expect(PRESENTATION_GUIDANCE.ru).toContain("не делите");
    expect(PRESENTATION_GUIDANCE.en).toContain("never divide");
    expect(distanceDisplay(Number.NaN, "ru")).toBe("расстояние до центра: нет данных");
    expect(distanceDisplay(1.25, "en")).toBe("1.3 km from the centre");
  });
});
