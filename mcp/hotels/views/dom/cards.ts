import { cardFacts } from "../model/card.js";
import type { CardT } from "../model/schemas.js";
import type { Screen } from "../model/screen.js";
import type { RenderContext } from "./context.js";
import { el } from "./el.js";
import { mapView } from "./map.js";

type CardsScreen = Extract<Screen, { kind: "cards" }>;

export function photo(url: string | undefined, alt: string, testid: string): HTMLElement {
  if (url === undefined) return el("div", { class: "photo photo-none", "aria-hidden": "true", "data-testid": testid });
  // no-referrer: the photo host learns nothing about the page that shows it.
  const img = el("img", { class: "photo", src: url, alt, loading: "lazy", referrerpolicy: "no-referrer", "data-testid": testid });
  // A photo that does not load leaves the plain placeholder, not a broken-image icon.
  img.addEventListener("error", () => img.replaceWith(el("div", { class: "photo photo-none", "aria-hidden": "true", "data-testid": testid })), { once: true });
  return img;
}

export function cardView(card: CardT, ctx: RenderContext, choosable: boolean): HTMLElement {
  const f = cardFacts(card, ctx.lang);
  const button = choosable && f.bookable ? el("button", { type: "button", class: "choose", "data-testid": "stay-card-choose" }, [ctx.words.choose]) : null;
  const node = el("article", { class: `card${f.bookable ? "" : " card-unbookable"}`, "data-testid": "stay-card", "data-option-id": f.optionId }, [
    photo(ctx.photos.get(f.optionId), f.name, "stay-card-photo"),
    el("div", { class: "card-body" }, [
      el("h3", { class: "card-name", "data-testid": "stay-card-name" }, [f.name]),
      el("div", { class: "card-meta" }, [
        f.stars ? el("span", { class: "stars", "aria-label": f.stars.label, title: f.stars.label }, [f.stars.glyphs]) : null,
        el("span", { class: "rating", "data-testid": "stay-card-rating" }, [f.rating]),
        f.distance ? el("span", { class: "distance", "data-testid": "stay-card-distance" }, [f.distance]) : null,
      ]),
      el("p", { class: "price", "data-testid": "stay-card-price" }, [f.price]),
      el("ul", { class: "facts" }, f.facts.map((fact) => el("li", {}, [fact]))),
      button,
    ]),
  ]);
  if (button) {
    node.classList.add("card-choosable");
    node.addEventListener("click", () => ctx.chooseHotel(card));
  }
  return node;
}

// The band's alternatives, apart from the ranked cards as the tool keeps them, each with its why.
function alternativesView(screen: CardsScreen, ctx: RenderContext): HTMLElement | null {
  if (screen.alternatives.length === 0) return null;
  return el("section", { class: "alternatives", "data-testid": "alternatives" }, [
    el("h3", {}, [ctx.words.alternatives]),
    el("ul", { class: "facts" }, screen.alternatives.map((a) => el("li", { "data-option-id": a.optionId }, [`${a.name}: ${a.price} (${a.why})`]))),
  ]);
}

function moreButton(screen: CardsScreen, ctx: RenderContext): HTMLElement | null {
  if (!screen.hasMore) return null;
  const b = el("button", { type: "button", class: "more", "data-testid": "stay-more" }, [ctx.words.more]);
  b.addEventListener("click", () => ctx.showMore(screen.offset + screen.cards.length));
  return b;
}

export function cardsView(screen: CardsScreen, ctx: RenderContext): HTMLElement {
  const w = ctx.words;
  const range = w.shown(screen.offset + 1, screen.offset + screen.cards.length, screen.total);
  return el("section", { class: "view", "data-testid": "cards-view" }, [
    el("header", { class: "view-head" }, [el("h2", {}, [w.options]), el("span", { class: "muted" }, [range])]),
    screen.stay ? el("p", { class: "muted", "data-testid": "stay-line" }, [screen.stay]) : null,
    screen.cashback ? el("p", { class: "muted" }, [screen.cashback]) : null,
    screen.priceBand ? el("p", { class: "muted", "data-testid": "price-band" }, [screen.priceBand]) : null,
    mapView(screen.cards, ctx),
    el("div", { class: "cards", "data-testid": "stay-cards" }, screen.cards.map((c) => cardView(c, ctx, true))),
    alternativesView(screen, ctx),
    moreButton(screen, ctx),
  ]);
}
