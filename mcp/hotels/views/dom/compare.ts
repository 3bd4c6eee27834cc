import { cardFacts } from "../model/card.js";
import type { RowT } from "../model/schemas.js";
import type { Screen } from "../model/screen.js";
import type { RenderContext } from "./context.js";
import { el } from "./el.js";
import { mapView } from "./map.js";

type CompareScreen = Extract<Screen, { kind: "compare" }>;

// The rows as the tool ranked them, one column per hotel: at 360 px two or three columns fit, so
// the table scrolls inside its own box rather than widening the page.
function factRows(rows: readonly RowT[], ctx: RenderContext): [string, string[]][] {
  const w = ctx.words;
  const facts = rows.map((r) => cardFacts(r, ctx.lang));
  return [
    [w.price, facts.map((f) => f.price)],
    ["★", facts.map((f) => f.stars?.glyphs ?? "—")],
    [w.rating, facts.map((f) => f.rating)],
    [w.address, rows.map((r) => r.address)],
    [w.distance, facts.map((f) => f.distance ?? "—")],
    [w.meal, rows.map((r) => `${r.meal} (${r.breakfast})`)],
    [w.cancellation, rows.map((r) => r.cancellation)],
    [w.payment, rows.map((r) => r.payment ?? "—")],
    [w.cashback, rows.map((r) => r.cashback ?? "—")],
  ];
}

export function compareView(screen: CompareScreen, ctx: RenderContext): HTMLElement {
  const { rows } = screen;
  const head = el("tr", {}, [el("th", { scope: "col" }, []), ...rows.map((r, i) => el("th", { scope: "col", "data-option-id": r.optionId }, [`${i + 1}. ${r.name}`]))]);
  const body = factRows(rows, ctx).map(([label, cells]) => el("tr", { "data-testid": "compare-row" }, [el("th", { scope: "row" }, [label]), ...cells.map((c) => el("td", {}, [c]))]));
  const choose = el("tr", {}, [
    el("th", {}, []),
    ...rows.map((r) => {
      if (r.hasRates === false) return el("td", { class: "muted" }, [ctx.words.noRates]);
      const b = el("button", { type: "button", class: "choose", "data-testid": "compare-choose", "data-option-id": r.optionId }, [ctx.words.choose]);
      b.addEventListener("click", () => ctx.chooseHotel(r));
      return el("td", {}, [b]);
    }),
  ]);
  return el("section", { class: "view", "data-testid": "compare-view" }, [
    el("header", { class: "view-head" }, [el("h2", {}, [ctx.words.compare])]),
    mapView(rows, ctx),
    el("div", { class: "table-scroll" }, [el("table", { class: "compare", "data-testid": "compare-table" }, [el("thead", {}, [head]), el("tbody", {}, [...body, choose])])]),
  ]);
}
