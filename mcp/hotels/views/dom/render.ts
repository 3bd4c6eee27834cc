import type { Screen } from "../model/screen.js";
import { cardsView, cardView } from "./cards.js";
import { compareView } from "./compare.js";
import type { RenderContext } from "./context.js";
import { detailsView } from "./details.js";
import { el } from "./el.js";
import { ratesView, rateSelectedView } from "./rates.js";

/** One element for one screen: a handler per kind, so a new kind fails to compile until it has one. */
const RENDERERS: { [K in Screen["kind"]]: (s: Extract<Screen, { kind: K }>, ctx: RenderContext) => HTMLElement } = {
  cards: cardsView,
  compare: compareView,
  details: detailsView,
  selected: (s, ctx) =>
    el("section", { class: "view", "data-testid": "selected-view" }, [el("header", { class: "view-head" }, [el("h2", {}, [ctx.words.chosen])]), cardView(s.card, ctx, false)]),
  rates: ratesView,
  "rate-selected": (s, ctx) => rateSelectedView(s.rate, ctx),
  notice: (s, ctx) => el("section", { class: "view notice", "data-testid": "notice" }, [el("p", {}, [ctx.words.status(s.status)]), s.hotelName ? el("p", { class: "muted" }, [s.hotelName]) : null]),
};

export function renderScreen(screen: Screen, ctx: RenderContext): HTMLElement {
  return (RENDERERS[screen.kind] as (s: Screen, c: RenderContext) => HTMLElement)(screen, ctx);
}
