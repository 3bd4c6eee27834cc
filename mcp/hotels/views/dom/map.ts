import { mapLayout, MAP_HEIGHT, MAP_WIDTH } from "../model/map.js";
import type { CardT } from "../model/schemas.js";
import type { RenderContext } from "./context.js";
import { el, svg } from "./el.js";

/** The options as numbered pins, the centre as a ring and the near point as a square; nothing when no option has a position. */
export function mapView(cards: readonly CardT[], ctx: RenderContext): HTMLElement | null {
  const layout = mapLayout(cards.map((c) => c.optionId), ctx.extras);
  if (!layout) return null;
  const names = new Map(cards.map((c) => [c.optionId, c.name]));
  const marks: SVGElement[] = [];
  if (layout.centre) {
    marks.push(svg("circle", { cx: layout.centre.x, cy: layout.centre.y, r: 6, class: "map-centre" }, [svg("title", {}, [ctx.words.centre])]));
  }
  if (layout.near) {
    const { x, y, name } = layout.near;
    marks.push(svg("rect", { x: x - 5, y: y - 5, width: 10, height: 10, class: "map-near" }, [svg("title", {}, [name])]));
  }
  for (const o of layout.options) {
    const pin = svg("g", { class: "map-pin", "data-testid": "map-point", "data-option-id": o.optionId }, [
      svg("title", {}, [`${o.label}. ${names.get(o.optionId) ?? ""}`]),
      svg("circle", { cx: o.x, cy: o.y, r: 9 }),
      svg("text", { x: o.x, y: o.y + 3.5, "text-anchor": "middle" }, [o.label]),
    ]);
    marks.push(pin);
  }
  const drawing = svg("svg", { viewBox: `0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`, role: "img", "aria-label": ctx.words.map }, marks);
  const caption = layout.near ? el("figcaption", { class: "muted" }, [el("span", { class: "map-near-key", "aria-hidden": "true" }, ["■"]), ` ${layout.near.name}`]) : null;
  return el("figure", { class: "map", "data-testid": "stay-map" }, [drawing, caption]);
}
