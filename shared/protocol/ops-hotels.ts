import { z } from "zod";
import { BOOKING_LISTS } from "../bookings.js";
import {
  BookingRefSchema,
  CurrencySchema,
  DecimalSchema,
  EmptyArgsSchema,
  IsoDateSchema,
  MoneyFactSchema,
  OffsetTimestampSchema,
  PAYMENT_HANDOFF_FACTS,
  PaymentHandoffRefSchema,
  ProviderStatusSchema,
  SessionStateSchema,
  ShortTextSchema,
  StoreBackendSchema,
  TimestampSchema,
} from "./common.js";
import { WriteGatesSchema } from "./ops-hotels-writes.js";

// Results of the hotels role. They carry sanitized facts only: no provider orderId, no contact
// PII, no tokens. A fact the provider did not give is `null` (shown as "нет данных"), never guessed.

export const StatusArgsSchema = EmptyArgsSchema;
// `verifiedOperations` is the welcome's list as it is now, sent only when it changed since this
// connection's welcome: a connection opened before the login keeps its welcome, and this is how it
// learns what the login's check verified. Absent means "as your welcome said".
export const StatusResultSchema = z.strictObject({
  state: SessionStateSchema,
  storeBackend: StoreBackendSchema.optional(),
  // A crash cut off a refresh: the stored session was doubtful, so the broker ended it at start-up.
  refreshInterrupted: z.literal(true).optional(),
  verifiedOperations: z.array(z.string().min(1).max(64)).max(64).optional(),
  // The broker's own write gates (issue 16); absent from an older broker, which means "no writes".
  writeGates: WriteGatesSchema.optional(),
});
export type StatusResult = z.infer<typeof StatusResultSchema>;

export const GetCustomerArgsSchema = EmptyArgsSchema;
// Proof that customer reads work, without the customer's contact details.
export const GetCustomerResultSchema = z.strictObject({
  customer: z.strictObject({
    firstName: ShortTextSchema.nullable(),
    hasEmail: z.boolean(),
    hasPhone: z.boolean(),
  }),
  observedAt: TimestampSchema,
});
export type GetCustomerResult = z.infer<typeof GetCustomerResultSchema>;

export const MAX_BOOKINGS_PAGE = 20;
// The broker reads at most this many orders to filter and sort a listing (shared/bookings.ts).
export const MAX_BOOKINGS_SCAN = 100;

export const ListBookingsArgsSchema = z.strictObject({
  offset: z.int().min(0).max(10_000).optional(),
  limit: z.int().min(1).max(MAX_BOOKINGS_PAGE).optional(),
  // Absent means "all"; the Hotels MCP leaves it out for "all", which an older broker also answers.
  status: z.enum(BOOKING_LISTS).optional(),
});
export type ListBookingsArgs = z.infer<typeof ListBookingsArgsSchema>;

export const BookingSummarySchema = z.strictObject({
  bookingRef: BookingRefSchema,
  status: ProviderStatusSchema,
  hotelName: ShortTextSchema.nullable(),
  city: ShortTextSchema.nullable(),
  checkinDate: IsoDateSchema.nullable(),
  checkoutDate: IsoDateSchema.nullable(),
  guestsCount: z.int().min(0).max(100).nullable(),
});
export type BookingSummary = z.infer<typeof BookingSummarySchema>;

// Items are filtered and sorted over every order read (active first, nearest check-in first; then
// past ones, latest first); `truncated` says the person has more than MAX_BOOKINGS_SCAN orders and
// only the first ones the provider listed were read.
export const ListBookingsResultSchema = z.strictObject({
  items: z.array(BookingSummarySchema).max(MAX_BOOKINGS_PAGE),
  total: z.int().min(0),
  hasMore: z.boolean(),
  nextOffset: z.int().min(0).nullable(),
  truncated: z.literal(true).optional(),
});
export type ListBookingsResult = z.infer<typeof ListBookingsResultSchema>;

export const BookingRefArgsSchema = z.strictObject({ bookingRef: BookingRefSchema });
export type BookingRefArgs = z.infer<typeof BookingRefArgsSchema>;

export { MoneyFactSchema };

export const BookingDetailsSchema = z.strictObject({
  bookingRef: BookingRefSchema,
  status: ProviderStatusSchema,
  hotel: z.strictObject({
    name: ShortTextSchema.nullable(),
    city: ShortTextSchema.nullable(),
    address: z.string().max(500).nullable(),
    stars: z.int().min(0).max(5).nullable(),
  }),
  room: z.strictObject({
    name: ShortTextSchema.nullable(),
    mealName: ShortTextSchema.nullable(),
  }),
  checkinDate: IsoDateSchema.nullable(),
  checkoutDate: IsoDateSchema.nullable(),
  // Provider check-in/out times, kept with their offset (not called hotel-local time).
  checkinFrom: OffsetTimestampSchema.nullable(),
  checkoutUntil: OffsetTimestampSchema.nullable(),
  guestsCount: z.int().min(0).max(100).nullable(),
  // paymentPrice as observed; not "amount due" and not "remaining balance".
  payment: z.strictObject({
    amountDecimal: DecimalSchema.nullable(),
    currency: CurrencySchema.nullable(),
    paymentStatus: ProviderStatusSchema.nullable(),
  }),
  cancellation: z.strictObject({
    freeCancellationUntil: OffsetTimestampSchema.nullable(),
    refundable: z.boolean().nullable(),
    penalty: MoneyFactSchema.nullable(),
  }),
  observedAt: TimestampSchema,
});
export type BookingDetails = z.infer<typeof BookingDetailsSchema>;

export const GetBookingArgsSchema = BookingRefArgsSchema;
export const GetBookingResultSchema = BookingDetailsSchema;

export const SaveVoucherArgsSchema = BookingRefArgsSchema;
export const SaveVoucherResultSchema = z.strictObject({
  path: z.string().min(1).max(4096).startsWith("/"),
  sizeBytes: z.int().min(1).max(5 * 1024 * 1024),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  expiresAt: TimestampSchema,
});
export type SaveVoucherResult = z.infer<typeof SaveVoucherResultSchema>;

// The calendar entry (an .ics file beside the vouchers, same directory, TTL and sweep) and what is
// in it: wall-clock times at the hotel ("2027-03-05T14:00", or dates alone when the provider gave no
// times), the UTC offset they are at (null: floating local times, the provider gave no offset), and
// when the free-cancellation reminder fires (null: no deadline ahead).
export const SaveCalendarEntryArgsSchema = z.strictObject({ bookingRef: BookingRefSchema, language: z.enum(["ru", "en"]).optional() });
const WallClockSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/);
export const CalendarEntryFactsSchema = z.strictObject({
  hotelName: ShortTextSchema.nullable(),
  checkin: WallClockSchema,
  checkout: WallClockSchema,
  utcOffset: z.string().regex(/^[+-]\d{2}:\d{2}$/).nullable(),
  reminderAt: TimestampSchema.nullable(),
});
export type CalendarEntryFacts = z.infer<typeof CalendarEntryFactsSchema>;
export const SaveCalendarEntryResultSchema = z.strictObject({
  ...SaveVoucherResultSchema.shape,
  sizeBytes: z.int().min(1).max(64 * 1024),
  ...CalendarEntryFactsSchema.shape,
});
export type SaveCalendarEntryResult = z.infer<typeof SaveCalendarEntryResultSchema>;

export const CreatePaymentHandoffArgsSchema = BookingRefArgsSchema;
export const PaymentHandoffMintedSchema = z.strictObject({
  paymentHandoffRef: PaymentHandoffRefSchema,
  ...PAYMENT_HANDOFF_FACTS,
  expiresAt: TimestampSchema,
});
// A booking not awaiting payment (shared/bookings.ts) gets no capability: a ref for a paid or
// closed booking would send the person to a payment page for nothing. Not an error: the booking
// is fine, there is just nothing to hand off; the statuses say why.
export const NothingToPaySchema = z.strictObject({
  nothingToPay: z.literal(true),
  status: ProviderStatusSchema,
  paymentStatus: ProviderStatusSchema.nullable(),
  observedAt: TimestampSchema,
});
export type PaymentHandoffMinted = z.infer<typeof PaymentHandoffMintedSchema>;
export const CreatePaymentHandoffResultSchema = z.union([PaymentHandoffMintedSchema, NothingToPaySchema]);
export type CreatePaymentHandoffResult = z.infer<typeof CreatePaymentHandoffResultSchema>;
