import { safePhotoUrl } from "../model/extras.js";
import type { Screen } from "../model/screen.js";
import type { RenderContext } from "./context.js";
import { photo } from "./cards.js";
import { el } from "./el.js";

type DetailsScreen = Extract<Screen, { kind: "details" }>;

function amenities(groups: Record<string, string[]>, more: string | undefined, ctx: RenderContext): HTMLElement | null {
  const entries = Object.entries(groups);
  if (entries.length === 0) return null;
  return el("section", { "data-testid": "details-amenities" }, [
    el("h3", {}, [ctx.words.amenities]),
    el("dl", { class: "amenities" }, entries.flatMap(([group, names]) => [el("dt", {}, [group]), el("dd", {}, [names.join(", ")])])),
    more ? el("p", { class: "muted" }, [more]) : null,
  ]);
}

function reviews(screen: DetailsScreen, ctx: RenderContext): HTMLElement {
  const w = ctx.words;
  const { rating, quotes, unavailable } = screen.reviews;
  return el("section", { "data-testid": "details-reviews" }, [
    el("h3", {}, [`${w.reviews}: ${rating}`]),
    el("ul", { class: "quotes" }, quotes.map((q) => el("li", { "data-testid": "review-quote" }, [
      el("span", { class: "muted" }, [q.date]),
      q.text ? el("p", {}, [q.text]) : null,
      q.pros ? el("p", {}, [`${w.pros}: ${q.pros}`]) : null,
      q.cons ? el("p", {}, [`${w.cons}: ${q.cons}`]) : null,
    ]))),
    unavailable ? el("p", { class: "muted" }, [unavailable]) : null,
  ]);
}

function chooseButton(h: DetailsScreen["hotel"], ctx: RenderContext): HTMLElement {
  const b = el("button", { type: "button", class: "choose", "data-testid": "details-choose" }, [ctx.words.choose]);
  b.addEventListener("click", () => ctx.chooseHotel({ optionId: h.optionId, name: h.name }));
  return b;
}

export function detailsView(screen: DetailsScreen, ctx: RenderContext): HTMLElement {
  const h = screen.hotel;
  const cover = safePhotoUrl(h.coverPhotoUrl) ?? ctx.photos.get(h.optionId);
  return el("section", { class: "view", "data-testid": "details-view", "data-option-id": h.optionId }, [
    photo(cover, h.name, "details-photo"),
    el("header", { class: "view-head" }, [el("h2", {}, [h.name]), h.stars ? el("span", { class: "stars", "aria-label": ctx.words.stars(h.stars) }, ["★".repeat(Math.min(5, h.stars))]) : null]),
    el("p", {}, [h.address]),
    el("p", { class: "muted" }, [`${h.checkIn} · ${h.checkOut} · ${h.photos}`]),
    h.unavailable ? el("p", { class: "muted" }, [h.unavailable]) : null,
    h.description ? el("p", { class: "description" }, [h.description]) : null,
    h.centreCheck ? el("p", { class: "warning" }, [h.centreCheck]) : null,
    amenities(h.amenities, h.moreAmenities, ctx),
    reviews(screen, ctx),
    chooseButton(h, ctx),
  ]);
}
