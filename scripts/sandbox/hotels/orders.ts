import { daysBetween } from "../data/dates.js";
import { CUSTOMER_ID, customerProfile, type Booking } from "../data/customer.js";
import { renderPdf } from "../data/pdf.js";
import { json, providerError, type RouteDef } from "../http.js";
import type { HotelsContext } from "./context.js";
import { bookingsOf, customerGrant, statusWords, withOrder } from "./order-access.js";
import { parsePaging } from "./schemas.js";

/** [customer], [orders], [voucher]: customer reads, Bearer only (the order reads are in order-reads.ts). */
export function orderRoutes(ctx: HotelsContext): RouteDef[] {
  return [
    {
      id: "customer",
      method: "GET",
      path: "/api/v1/customer",
      handler: (req) => {
        const grant = customerGrant(ctx, req);
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
        const grant = customerGrant(ctx, req);
        if ("status" in grant) return grant;
        const paging = parsePaging(req, { limit: 20, max: 50 });
        if (!paging.ok) return paging.error;
        const { offset, limit } = paging.value;
        const all = bookingsOf(ctx, grant.subject);
        const items = all.slice(offset, offset + limit).map((b) => ({
          orderId: b.orderId,
          status: statusWords(ctx, b).status,
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
    {
      id: "voucher",
      method: "GET",
      path: "/api/v1/orders/:orderId/voucher",
      handler: (req) =>
        withOrder(
          ctx,
          req,
          (b) => {
            if (b.status !== "CONFIRMED" && b.status !== "COMPLETED") return providerError(409, "voucher_not_available", `no voucher for an order in status ${b.status}`, req.requestId);
            return { status: 200, contentType: "application/pdf", headers: { "content-disposition": `attachment; filename="voucher-${b.orderId}.pdf"` }, body: voucherPdf(b) };
          },
          { integration: false },
        ),
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
