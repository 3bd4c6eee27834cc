import { isIP } from "node:net";
import { z } from "zod";
import { orderIdFor, type Booking } from "../data/customer.js";
import { isoAtOffset } from "../data/dates.js";
import type { Stay } from "../data/pricing.js";
import { json, providerError, type RouteDef, type RouteRequest, type SandboxResponse } from "../http.js";
import { cancellationTermsOf, rateOfBookHash } from "./checkout.js";
import type { HotelsContext } from "./context.js";
import { taskIdOf } from "./order-shapes.js";
import { IsoDateSchema } from "./schemas.js";
import { ClientRequestIdSchema, writeRoute, type Commit } from "./writes-route.js";

// Orders booked here are numbered after the seeded ones (1..8), so their ids never meet.
const FIRST_BOOKED_ORDER = 101;

const NameSchema = z.string().trim().min(1).max(80);
const BookingBodySchema = z.strictObject({
  clientRequestId: ClientRequestIdSchema,
  hotelId: z.string().min(1).max(64),
  bookHash: z.string().min(1).max(512),
  checkinDate: IsoDateSchema,
  checkoutDate: IsoDateSchema,
  rooms: z
    .array(
      z.strictObject({
        adults: z.number().int().min(1).max(6),
        childrenAges: z.array(z.number().int().min(0).max(17)).max(4),
        guests: z.array(z.strictObject({ firstName: NameSchema, lastName: NameSchema })).min(1).max(10),
      }),
    )
    .min(1)
    .max(5),
  contacts: z.strictObject({ email: z.email().max(120), phone: z.string().regex(/^\+[1-9]\d{7,14}$/, "E.164") }),
  expectedPrice: z.strictObject({ value: z.number().nonnegative(), currency: z.enum(["RUB", "USD", "AMD"]) }),
});
type BookingBody = z.infer<typeof BookingBodySchema>;

/** The seed's OpenAPI note: booking needs the customer's real IP, as an IP literal. */
function realIpProblem(req: RouteRequest): SandboxResponse | undefined {
  const ip = req.headers["x-real-ip"];
  if (typeof ip === "string" && isIP(ip.trim()) !== 0) return undefined;
  return providerError(400, "real_ip_required", "the x-real-ip header must carry the customer's IP address", req.requestId);
}

/** [create_booking], [create_ls_booking]: book a rate checkout inspection would price, at the price the customer expects. */
export function bookingWriteRoutes(ctx: HotelsContext): RouteDef[] {
  const book = (isLsOrder: boolean) => (req: RouteRequest, body: BookingBody, subject: string): Commit | SandboxResponse => {
    const stay: Stay = { checkinDate: body.checkinDate, checkoutDate: body.checkoutDate, guests: body.rooms.map((r) => ({ adultsCount: r.adults, childrenAges: r.childrenAges })) };
    if (body.rooms.some((r) => r.guests.length > r.adults + r.childrenAges.length)) {
      return providerError(400, "invalid_guests", "a room has more names than guests", req.requestId);
    }
    const found = rateOfBookHash(ctx, req, body.bookHash, stay);
    if ("status" in found) return found;
    const { hotel, location, rate, currentPrice } = found;
    if (hotel.hotelId !== body.hotelId) return providerError(410, "book_hash_expired", "the rate is no longer available for these dates and guests", req.requestId);
    if (currentPrice.value !== body.expectedPrice.value || currentPrice.currency !== body.expectedPrice.currency) {
      return json(409, { code: "price_changed", message: "the price changed; nothing was booked", requestId: req.requestId, currentPrice }, { "x-request-id": req.requestId });
    }
    const now = ctx.env.clock.now();
    const prepay = rate.paymentType === "prepay";
    const booking: Booking = {
      orderId: orderIdFor(ctx.env.seed, ctx.env.canary, FIRST_BOOKED_ORDER + ctx.orders.booked.length),
      customerId: subject,
      status: prepay ? "AWAITING_PAYMENT" : "CONFIRMED",
      paymentStatus: prepay ? "WAITING_FOR_PAYMENT" : "PAY_AT_HOTEL",
      hotel,
      location,
      roomName: rate.roomName,
      mealName: rate.mealName,
      stay,
      createdAt: isoAtOffset(now, "+03:00"),
      guests: body.rooms.flatMap((r) => r.guests.map((g) => ({ firstName: g.firstName, lastName: g.lastName, middleName: null, birthDate: null, isChild: false }))),
      paymentPrice: currentPrice,
      paymentType: rate.paymentType,
      ...cancellationTermsOf(rate, stay, location.profile.utcOffset, currentPrice, now),
      isLsOrder,
      contacts: body.contacts,
    };
    ctx.orders.booked.push(booking);
    ctx.orders.unreadTasks.add(booking.orderId);
    const answer = isLsOrder ? { orderId: booking.orderId, status: booking.status } : { orderId: booking.orderId, taskId: taskIdOf(booking), status: "IN_PROGRESS" };
    return { orderId: booking.orderId, status: 202, body: answer };
  };
  return [
    writeRoute(ctx, { id: "create_booking", path: "/api/v1/orders", schema: BookingBodySchema, precheck: realIpProblem, perform: book(false) }),
    writeRoute(ctx, { id: "create_ls_booking", path: "/api/v1/ls-orders", schema: BookingBodySchema, precheck: realIpProblem, perform: book(true) }),
  ];
}
