import type { RouteDef, SandboxResponse } from "../http.js";
import type { HotelsContext } from "./context.js";

const html = (status: number, body: string): SandboxResponse => ({ status, contentType: "text/html; charset=utf-8", body });

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * [hotel_page] the public hotel page that checkout handoff links point to; [orders_page] the page of
 * the person's orders that payment answers point to (TBANK_HOTELS_ORDERS_PAGE_URL).
 */
export function hotelPageRoutes(ctx: HotelsContext): RouteDef[] {
  return [
    {
      id: "orders_page",
      method: "GET",
      path: "/travel/orders/",
      handler: () =>
        html(
          200,
          '<!doctype html>\n<html lang="ru"><head><meta charset="utf-8"><title>Мои заказы — Т-Путешествия (sandbox)</title></head>\n<body><main><h1>Мои заказы</h1><p>Песочница: здесь банк показал бы заказы и оплату; ничего не оплачивается.</p></main></body></html>',
        ),
    },
    {
      id: "hotel_page",
      method: "GET",
      path: "/travel/hotels/new/hotels/:hotelId/",
      handler: (req) => {
        const hotel = ctx.catalog.hotel(req.params.hotelId ?? "");
        if (!hotel) return html(404, "<!doctype html><html lang=\"ru\"><head><meta charset=\"utf-8\"><title>Отель не найден</title></head><body><h1>Отель не найден</h1></body></html>");
        const q = req.url.searchParams;
        const field = (label: string, name: string, value: string | null) =>
          `<dt>${label}</dt><dd data-param="${name}">${value === null ? "не указано" : escapeHtml(value.slice(0, 64))}</dd>`;
        return html(
          200,
          [
            "<!doctype html>",
            '<html lang="ru"><head><meta charset="utf-8">',
            `<title>${escapeHtml(hotel.name)} — Т-Путешествия (sandbox)</title></head>`,
            `<body><main data-hotel-id="${hotel.hotelId}">`,
            `<h1>${escapeHtml(hotel.name)}</h1><p>${escapeHtml(hotel.address)}</p>`,
            "<dl>",
            field("Заезд", "dateFrom", q.get("dateFrom")),
            field("Выезд", "dateTo", q.get("dateTo")),
            field("Гости", "guests", q.get("guests")),
            "</dl>",
            "<p>Песочница: выбор номера, данные гостей и оплата здесь не выполняются.</p>",
            "</main></body></html>",
          ].join("\n"),
        );
      },
    },
  ];
}
