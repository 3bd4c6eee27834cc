import { buildBookings, customerProfile, CUSTOMER_ID, type Booking } from "../data/customer.js";
import { daysBetween } from "../data/dates.js";
import { renderPdf } from "../data/pdf.js";
import { bearerToken, json, providerError, type RouteDef, type RouteRequest, type SandboxResponse } from "../http.js";
import type { AccessGrant } from "../identity/types.js";
import type { HotelsContext } from "./context.js";
import { parsePaging } from "./schemas.js";
import { orderV1, orderV3 } from "./order-shapes.js";

/** [customer], [orders], [order_v1], [order_v3], [voucher]: customer reads, Bearer only. */
export function orderRoutes(ctx: HotelsContext): RouteDef[] {
  const authorize = (req: RouteRequest): AccessGrant | SandboxResponse => {
    const token = bearerToken(req);
    const www = { "www-authenticate": 'Bearer realm="hotels"' };
    if (!token) return { ...providerError(401, "unauthorized", "a Bearer token is required", req.requestId), headers: { "x-request-id": req.requestId, ...www } };
    const grant = ctx.identity.verifyAccessToken(token);
    if (!grant) return { ...providerError(401, "invalid_token", "the access token is invalid or expired", req.requestId), headers: { "x-request-id": req.requestId, ...www } };
    return grant;
  };

  const bookingsOf = (subject: string): Booking[] =>
    buildBookings(ctx.env.seed, ctx.env.canary, ctx.catalog, ctx.env.clock.now())
      .filter((b) => b.customerId === subject)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  /** Another customer's order is indistinguishable from a missing one. */
  const withOrder = (req: RouteRequest, answer: (booking: Booking) => SandboxResponse): SandboxResponse => {
    const grant = authorize(req);
    if ("status" in grant) return grant;
    const booking = bookingsOf(grant.subject).find((b) => b.orderId === req.params.orderId);
    return booking ? answer(booking) : providerError(404, "order_not_found", "no such order", req.requestId);
  };

  return [
    {
      id: "customer",
      method: "GET",
      path: "/api/v1/customer",
      handler: (req) => {
        const grant = authorize(req);
        if ("status" in grant) return grant;
        if (grant.subject !== CUSTOMER_ID) return providerError(404, "customer_not_found", "no customer profile", req.requestId);
        return json(200, customerProfile(ctx.env.canary));
      },
    },
    {
      id: "orders",
      method: "GET",
      path: "/api/v1/orders",
      handler: (req) => {
        const grant = authorize(req);
        if ("status" in grant) return grant;
        const paging = parsePaging(req, { limit: 20, max: 50 });
        if (!paging.ok) return paging.response;
        const { offset, limit } = paging.value;
        const all = bookingsOf(grant.subject);
        const items = all.slice(offset, offset + limit).map((b) => ({
          orderId: b.orderId,
          status: b.status,
          hotelName: b.hotel.name,
          city: b.location.name,
          checkinDate: b.stay.checkinDate,
          checkoutDate: b.stay.checkoutDate,
          createdAt: b.createdAt,
          guestsCount: b.guests.length,
        }));
        return json(200, { items, total: all.length, nextOffset: offset + limit < all.length ? offset + limit : null });
      },
    },
    { id: "order_v1", method: "GET", path: "/api/v1/orders/:orderId", handler: (req) => withOrder(req, (b) => json(200, orderV1(b, ctx.env.canary))) },
    { id: "order_v3", method: "GET", path: "/api/v3/orders/:orderId", handler: (req) => withOrder(req, (b) => json(200, orderV3(b, ctx.env.canary))) },
    {
      id: "voucher",
      method: "GET",
      path: "/api/v1/orders/:orderId/voucher",
      handler: (req) =>
        withOrder(req, (b) => {
          if (b.status !== "CONFIRMED" && b.status !== "COMPLETED") return providerError(409, "voucher_not_available", `no voucher for an order in status ${b.status}`, req.requestId);
          return { status: 200, contentType: "application/pdf", headers: { "content-disposition": `attachment; filename="voucher-${b.orderId}.pdf"` }, body: voucherPdf(b) };
        }),
    },
  ];
}

function voucherPdf(b: Booking): Buffer {
  const nights = daysBetween(b.stay.checkinDate, b.stay.checkoutDate);
  return renderPdf(`Hotel voucher ${b.orderId}`, [
    `Hotel: ${b.hotel.name} (id ${b.hotel.hotelId})`,
    `Address: ${b.hotel.address}`,
    `Check-in: ${b.stay.checkinDate} from ${b.hotel.checkinTime}`,
    `Check-out: ${b.stay.checkoutDate} until ${b.hotel.checkoutTime}`,
    `Nights: ${nights}`,
    `Room: ${b.roomName}`,
    ...b.guests.map((g, i) => `Guest ${i + 1}: ${g.lastName} ${g.firstName}${g.isChild ? " (child)" : ""}`),
    `Paid: ${b.paymentPrice.value} ${b.paymentPrice.currency}`,
    "Sandbox document: not valid for travel.",
  ]);
}
