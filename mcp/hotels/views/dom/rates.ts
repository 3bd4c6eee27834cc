import type { RateT } from "../model/schemas.js";
import type { Screen } from "../model/screen.js";
import type { RenderContext } from "./context.js";
import { el } from "./el.js";

type RatesScreen = Extract<Screen, { kind: "rates" }>;

export function rateView(rate: RateT, ctx: RenderContext, choosable: boolean): HTMLElement {
  const w = ctx.words;
  const bookable = rate.bookable !== false;
  const button = choosable && bookable ? el("button", { type: "button", class: "choose", "data-testid": "rate-choose" }, [w.chooseRate]) : null;
  if (button) button.addEventListener("click", () => ctx.chooseRate(rate));
  return el("article", { class: `rate${bookable ? "" : " card-unbookable"}`, "data-testid": "rate-row", "data-rate-number": String(rate.rateNumber) }, [
    el("h3", { class: "rate-room" }, [`#${rate.rateNumber} ${rate.room}`]),
    el("p", { class: "price", "data-testid": "rate-price" }, [rate.price]),
    el("ul", { class: "facts" }, [
      el("li", {}, [`${w.meal}: ${rate.meal}`]),
      el("li", {}, [`${w.cancellation}: ${rate.cancellation}`]),
      rate.payment ? el("li", {}, [`${w.payment}: ${rate.payment}`]) : null,
      rate.roomFit ? el("li", {}, [rate.roomFit]) : null,
      rate.instalment ? el("li", {}, [rate.instalment]) : null,
      bookable ? null : el("li", {}, [w.notBookable]),
    ]),
    button,
  ]);
}

export function ratesView(screen: RatesScreen, ctx: RenderContext): HTMLElement {
  const { stay } = screen;
  return el("section", { class: "view", "data-testid": "rates-view" }, [
    el("header", { class: "view-head" }, [el("h2", {}, [`${ctx.words.rates}: ${stay.hotelName}`])]),
    el("p", { class: "muted" }, [`${stay.dates} · ${stay.guests}`]),
    el("div", { class: "rates" }, screen.rates.map((r) => rateView(r, ctx, true))),
    screen.instalment ? el("p", { class: "muted" }, [screen.instalment]) : null,
  ]);
}

export function rateSelectedView(rate: RateT, ctx: RenderContext): HTMLElement {
  return el("section", { class: "view", "data-testid": "rate-selected-view" }, [
    el("header", { class: "view-head" }, [el("h2", {}, [ctx.words.rateChosen])]),
    rateView(rate, ctx, false),
  ]);
}
