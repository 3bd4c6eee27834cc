import { z } from "zod";
import { HOTELS_ROUTES, HOTELS_WRITE_ROUTES, routeCall, WRITE_ROUTE_OF } from "../../shared/http/routes.js";
import { ProviderStatusInputSchema } from "../../shared/protocol/common.js";
import type { BookingRequest, PreparedWrite, WriteKind } from "../../shared/protocol/ops-hotels-writes.js";
import type { ProviderClient } from "./client.js";
import type { Err, Ok } from "../../shared/result.js";

// The Hotels API routes a write needs: the public checkout inspection and hotel card (what the
// person is shown before approving a booking), the six writes, and the write-request lookup that
// reconciles an answer lost after sending. Answers stay loose; only the fields used are checked.

const text = z.string().max(10_000);
const optionalText = text.nullish();
export const ProviderMoneySchema = z.looseObject({ value: z.number().finite(), currency: z.string().max(16) });
export type ProviderMoney = z.infer<typeof ProviderMoneySchema>;
const OrderIdSchema = z.string().min(1).max(256);

export const ProviderCheckoutSchema = z.looseObject({
  hotelId: optionalText,
  roomName: optionalText,
  mealName: optionalText,
  currentPrice: ProviderMoneySchema.nullish(),
  cancellation: z
    .looseObject({
      freeCancellationUntil: optionalText,
      penalties: z.array(z.looseObject({ from: optionalText, amount: ProviderMoneySchema.nullish() })).max(100).nullish(),
    })
    .nullish(),
});
export type ProviderCheckout = z.infer<typeof ProviderCheckoutSchema>;

// Only what the approval display reads from the rates route: which rate a bookHash names and how it is paid.
export const ProviderRatesSchema = z.looseObject({
  rates: z.array(z.looseObject({ bookHash: optionalText, paymentType: optionalText })).max(500).nullish(),
});
export type ProviderRates = z.infer<typeof ProviderRatesSchema>;

export const ProviderHotelCardSchema = z.looseObject({ name: optionalText, city: z.looseObject({ name: optionalText }).nullish() });
export type ProviderHotelCard = z.infer<typeof ProviderHotelCardSchema>;

const ANSWERS = {
  booking: z.looseObject({ orderId: OrderIdSchema, status: ProviderStatusInputSchema.nullish() }),
  ls_booking: z.looseObject({ orderId: OrderIdSchema, status: ProviderStatusInputSchema.nullish() }),
  cancellation: z.looseObject({ status: ProviderStatusInputSchema, penalty: ProviderMoneySchema.nullish(), refund: ProviderMoneySchema.nullish() }),
  payment_setup: z.looseObject({ paymentUrl: z.string().max(2000), expiresAt: optionalText, amount: ProviderMoneySchema }),
  promo_code: z.looseObject({ applied: z.boolean(), priceAfter: ProviderMoneySchema.nullish() }),
  extra_services: z.looseObject({ added: z.array(z.string().max(64)).max(10), priceAfter: ProviderMoneySchema.nullish() }),
} as const satisfies Record<WriteKind, z.ZodType>;
export type WriteAnswer<K extends WriteKind> = z.infer<(typeof ANSWERS)[K]>;

export const ProviderWriteRequestSchema = z.looseObject({ orderId: OrderIdSchema, routeId: z.string().max(64).nullish() });
export type ProviderWriteRequest = z.infer<typeof ProviderWriteRequestSchema>;


// `sent`: whether the request may have reached the provider (a write then must not be retried).
export type TryResult<T> = Ok<T> | (Err<unknown> & { sent: boolean });

export interface SendOptions {
  clientRequestId: string;
  /** The order a write on an existing booking targets (resolved from its bookingRef by the caller). */
  orderId: string | undefined;
  /** x-real-ip for booking and LS booking (REAL_IP_KINDS). */
  realIp: string | undefined;
  signal: AbortSignal;
  timeoutMs: number;
}

function stayBody(r: BookingRequest) {
  return {
    bookHash: r.bookHash,
    checkinDate: r.checkinDate,
    checkoutDate: r.checkoutDate,
    guests: r.rooms.map((room) => ({ adultsCount: room.adults, childrenAges: room.childrenAges })),
  };
}

/** The provider body of a write: the prepared request as the provider spells it, plus clientRequestId. */
export function writeBody(prepared: PreparedWrite, clientRequestId: string): Record<string, unknown> {
  switch (prepared.kind) {
    case "booking":
    case "ls_booking": {
      const r = prepared.request;
      return {
        clientRequestId,
        hotelId: r.hotelId,
        bookHash: r.bookHash,
        checkinDate: r.checkinDate,
        checkoutDate: r.checkoutDate,
        rooms: r.rooms.map((room) => ({ adults: room.adults, childrenAges: room.childrenAges, guests: room.guests })),
        contacts: r.contacts,
        expectedPrice: { value: Number(r.expectedPrice.amountDecimal), currency: r.expectedPrice.currency },
      };
    }
    case "cancellation":
    case "payment_setup":
      return { clientRequestId };
    case "promo_code":
      return { clientRequestId, promoCode: prepared.request.promoCode };
    case "extra_services":
      return { clientRequestId, services: prepared.request.services };
  }
}

/** Writes and the reads that surround them, relative to `hotels.apiBaseUrl` (".../api"). */
export class HotelsWritesApi {
  constructor(
    private readonly client: ProviderClient,
    private readonly baseUrl: string,
  ) {}

  /** Public: the rate as the provider would book it now (room, meal, current price, cancellation). */
  checkoutInspect(request: BookingRequest, signal: AbortSignal, timeoutMs: number): Promise<ProviderCheckout> {
    return this.client.getJson({ ...routeCall(HOTELS_ROUTES, this.baseUrl, "checkout_inspect"), body: stayBody(request), signal, timeoutMs }, ProviderCheckoutSchema);
  }

  /** Public: the hotel's rates for the stay the request books, for the payment type of its bookHash. */
  rates(request: BookingRequest, signal: AbortSignal, timeoutMs: number): Promise<ProviderRates> {
    const { bookHash: _bookHash, ...stay } = stayBody(request);
    return this.client.getJson({ ...routeCall(HOTELS_ROUTES, this.baseUrl, "rates", { hotelId: request.hotelId }), body: stay, signal, timeoutMs }, ProviderRatesSchema);
  }

  /** Public: the hotel's card, for its name. */
  hotel(hotelId: string, signal: AbortSignal, timeoutMs: number): Promise<ProviderHotelCard> {
    return this.client.getJson({ ...routeCall(HOTELS_ROUTES, this.baseUrl, "hotel", { hotelId }), signal, timeoutMs }, ProviderHotelCardSchema);
  }

  /** The one POST of a write. Never retried here: see the caller's outcome rules. */
  send<K extends WriteKind>(prepared: PreparedWrite & { kind: K }, opts: SendOptions): Promise<TryResult<WriteAnswer<K>>> {
    const params: Record<string, string> = opts.orderId === undefined ? {} : { orderId: opts.orderId };
    const call = {
      ...routeCall(HOTELS_WRITE_ROUTES, this.baseUrl, WRITE_ROUTE_OF[prepared.kind], params),
      body: writeBody(prepared, opts.clientRequestId),
      signal: opts.signal,
      timeoutMs: opts.timeoutMs,
      ...(opts.realIp === undefined ? {} : { headers: { "x-real-ip": opts.realIp } }),
    };
    return this.client.tryJson(call, ANSWERS[prepared.kind] as unknown as z.ZodType<WriteAnswer<K>>);
  }

  /** What became of the write sent with this clientRequestId; a 404 says it was never committed. */
  writeRequest(clientRequestId: string, signal: AbortSignal, timeoutMs: number): Promise<TryResult<ProviderWriteRequest>> {
    return this.client.tryJson({ ...routeCall(HOTELS_WRITE_ROUTES, this.baseUrl, "write_request", { clientRequestId }), signal, timeoutMs }, ProviderWriteRequestSchema);
  }
}
