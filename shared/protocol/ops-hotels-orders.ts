import { z } from "zod";
import { BookingRefSchema, CurrencySchema, IsoDateSchema, OffsetTimestampSchema, ProviderStatusSchema, ShortTextSchema, TimestampSchema } from "./common.js";

// The low-level order reads of the hotels role (the Hotels MCP's `lowlevel` toolset): one provider
// read of one order behind a bookingRef, returned as the provider answered it, through an
// allowlist. These schemas ARE that allowlist: the broker copies only the fields named here, so the
// provider's order id, its other ids (supplier booking, task), guests' names and birth dates, and
// contacts never leave it. Every fact may be null (absent, or not of its documented form); money
// stays the provider's JSON number, as in the provider's answer.

export const ORDER_API_VERSIONS = ["v1", "v2", "v3"] as const;
export const OrderApiVersionSchema = z.enum(ORDER_API_VERSIONS);
export type OrderApiVersion = z.infer<typeof OrderApiVersionSchema>;
/** The seed: order reads default to v3 unless the caller picks another version. */
export const DEFAULT_ORDER_API_VERSION: OrderApiVersion = "v3";

/** Lists in these answers are cut to this many items (rooms, penalty stages, children). */
export const ORDER_LIST_MAX = 20;

const text = ShortTextSchema.nullable();
const status = ProviderStatusSchema.nullable();
const date = IsoDateSchema.nullable();
const instant = OffsetTimestampSchema.nullable();
const hhmm = z.string().regex(/^\d{2}:\d{2}(:\d{2})?$/).nullable();
const amount = z.number().finite().nullable();
const currency = CurrencySchema.nullable();
const count = z.int().min(0).max(1000).nullable();
const flag = z.boolean().nullable();
const list = <T extends z.ZodType>(item: T) => z.array(item).max(ORDER_LIST_MAX).nullable();
const childrenAges = list(z.int().min(0).max(17));

const HotelV1 = z
  .strictObject({ hotelId: text, name: text, address: text, city: text, country: text, stars: z.int().min(0).max(5).nullable(), checkinTime: hhmm, checkoutTime: hhmm })
  .nullable();
const Penalties = list(z.strictObject({ from: instant, amount: z.strictObject({ value: amount, currency }).nullable() }));
const RoomV1 = z.strictObject({ roomName: text, mealName: text, adultsCount: count, childrenAges });

/** What every order version opens with: its status, dates and hotel. */
const StayHeader = {
  status,
  createdAt: instant,
  checkinDate: date,
  checkoutDate: date,
  nights: count,
  hotel: HotelV1,
};

/** Booking v1 without orderId, guests and contacts. */
export const ReservationV1Schema = z.strictObject({
  ...StayHeader,
  room: RoomV1.nullable(),
  rateData: z
    .strictObject({
      paymentData: z.strictObject({ paymentPrice: amount, currency, paymentType: text }).nullable(),
      cancellation: z.strictObject({ freeCancellationUntil: instant, penalties: Penalties }).nullable(),
    })
    .nullable(),
  paymentStatus: status,
  voucherAvailable: flag,
});

/** Booking v2 without orderId, the rooms' guests and contacts. */
export const ReservationV2Schema = z.strictObject({
  ...StayHeader,
  rooms: list(RoomV1),
  payment: z.strictObject({ price: z.strictObject({ value: amount, currency }).nullable(), paymentType: text, paymentStatus: status }).nullable(),
  cancellation: z.strictObject({ freeCancellationUntil: instant, penalties: Penalties }).nullable(),
  voucherAvailable: flag,
});

const MoneyV3 = z.strictObject({ amount, currencyCode: currency }).nullable();
const StayEdge = z.strictObject({ date, time: hhmm }).nullable();

/** Booking v3 without order.id, the rooms' guests, the customer and the voucher's path (it names the order). */
export const ReservationV3Schema = z.strictObject({
  order: z
    .strictObject({
      state: z.strictObject({ code: status, payment: status }).nullable(),
      createdAt: instant,
      stay: z.strictObject({ checkIn: StayEdge, checkOut: StayEdge, nights: count }).nullable(),
      property: z
        .strictObject({
          id: text,
          name: text,
          stars: z.int().min(0).max(5).nullable(),
          location: z
            .strictObject({ address: text, city: text, country: text, coordinates: z.strictObject({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }).nullable() })
            .nullable(),
        })
        .nullable(),
      rooms: list(z.strictObject({ name: text, meal: text, occupancy: z.strictObject({ adults: count, childrenAges }).nullable() })),
      price: z.strictObject({ total: MoneyV3, paymentType: text }).nullable(),
      cancellationPolicy: z.strictObject({ freeUntil: instant, penalties: list(z.strictObject({ startsAt: instant, amount: MoneyV3 })) }).nullable(),
      documents: z.strictObject({ voucher: z.strictObject({ available: flag }).nullable() }).nullable(),
    })
    .nullable(),
});

export const RESERVATION_SCHEMAS = { v1: ReservationV1Schema, v2: ReservationV2Schema, v3: ReservationV3Schema } as const;

export const GetReservationArgsSchema = z.strictObject({ bookingRef: BookingRefSchema, apiVersion: OrderApiVersionSchema.optional() });
const reservationOf = <V extends OrderApiVersion>(version: V) =>
  z.strictObject({ bookingRef: BookingRefSchema, apiVersion: z.literal(version), reservation: RESERVATION_SCHEMAS[version], observedAt: TimestampSchema });
export const GetReservationResultSchema = z.discriminatedUnion("apiVersion", [reservationOf("v1"), reservationOf("v2"), reservationOf("v3")]);
export type GetReservationResult = z.infer<typeof GetReservationResultSchema>;

/** The supplier-side (EVO) booking without its id and the order's. */
export const EvoBookingSchema = z.strictObject({ status, supplierName: text, hotelConfirmationNumber: text, createdAt: instant, updatedAt: instant });
export const GetEvoBookingArgsSchema = z.strictObject({ bookingRef: BookingRefSchema });
export const GetEvoBookingResultSchema = z.strictObject({ bookingRef: BookingRefSchema, evoBooking: EvoBookingSchema, observedAt: TimestampSchema });

/** The booking task without its id and the order's; a failure keeps its code, not its message. */
export const BookingTaskSchema = z.strictObject({ status, orderStatus: status, startedAt: instant, finishedAt: instant, error: z.strictObject({ code: status }).nullable() });
export const GetBookingTaskStatusArgsSchema = z.strictObject({ bookingRef: BookingRefSchema });
export const GetBookingTaskStatusResultSchema = z.strictObject({ bookingRef: BookingRefSchema, task: BookingTaskSchema, observedAt: TimestampSchema });

export const LsOrderCheckSchema = z.strictObject({ isLsOrder: flag, lsOrderStatus: status, checkedAt: instant });
export const CheckLsOrderArgsSchema = z.strictObject({ bookingRef: BookingRefSchema });
export const CheckLsOrderResultSchema = z.strictObject({ bookingRef: BookingRefSchema, lsOrder: LsOrderCheckSchema, observedAt: TimestampSchema });
