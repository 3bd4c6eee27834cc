import type { Screen } from "../model/screen.js";
import { cardsView, cardView } from "./cards.js";
import { compareView } from "./compare.js";
import type { RenderContext } from "./context.js";
import { detailsView } from "./details.js";
import { el } from "./el.js";
import { ratesView, rateSelectedView } from "./rates.js";

// The model selected a hotel: its card, and its rates on request (a read the model would make next).
function selectedView(s: Extract<Screen, { kind: "selected" }>, ctx: RenderContext): HTMLElement {
  const rates = s.card.hasRates === false ? null : el("button", { type: "button", class: "choose", "data-testid": "show-rates" }, [ctx.words.showRates]);
  rates?.addEventListener("click", () => ctx.showRates());
  return el("section", { class: "view", "data-testid": "selected-view" }, [el("header", { class: "view-head" }, [el("h2", {}, [ctx.words.chosen])]), cardView(s.card, ctx, false), rates]);
}

/** One element for one screen: a handler per kind, so a new kind fails to compile until it has one. */
const RENDERERS: { [K in Screen["kind"]]: (s: Extract<Screen, { kind: K }>, ctx: RenderContext) => HTMLElement } = {
  cards: cardsView,
  compare: compareView,
  details: detailsView,
  selected: selectedView,
  rates: ratesView,
  "rate-selected": (s, ctx) => rateSelectedView(s.rate, ctx),
  notice: (s, ctx) => el("section", { class: "view notice", "data-testid": "notice" }, [el("p", {}, [ctx.words.status(s.status)]), s.hotelName ? el("p", { class: "muted" }, [s.hotelName]) : null]),
};

export function renderScreen(screen: Screen, ctx: RenderContext): HTMLElement {
  return (RENDERERS[screen.kind] as (s: Screen, c: RenderContext) => HTMLElement)(screen, ctx);
}
