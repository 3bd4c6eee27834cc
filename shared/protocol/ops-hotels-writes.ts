import { z } from "zod";
import { BookingRefSchema, DecimalSchema, IsoDateSchema, MoneyFactSchema, OffsetTimestampSchema, ProviderStatusSchema, ShortTextSchema, TimestampSchema } from "./common.js";

// Writes (issue 16, DESIGN.md 4.1): the Hotels MCP prepares a typed request and hashes it without
// calling any API; the broker recomputes the hash, checks its own gates, waits for the person's
// approval of that hash outside the model, then sends at most one request per hash.
//
// Nothing here accepts card data, OTPs, 3-D Secure data or a browser fingerprint, and no field is a
// provider order id: existing bookings are named by bookingRef, resolved inside the broker.

export const WRITE_KINDS = ["booking", "ls_booking", "cancellation", "payment_setup", "promo_code", "extra_services"] as const;
export const WriteKindSchema = z.enum(WRITE_KINDS);
export type WriteKind = z.infer<typeof WriteKindSchema>;

/** Kinds whose provider contract requires the trusted `x-real-ip` header (the seed's OpenAPI note). */
export const REAL_IP_KINDS: ReadonlySet<WriteKind> = new Set(["booking", "ls_booking"]);

// Letters (any script), spaces, apostrophes, dots and hyphens: a name, never a number a model could
// smuggle a card or an OTP through.
const PersonName = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[\p{L}][\p{L}\p{M} .'’-]*$/u, "letters, spaces, apostrophes, dots and hyphens only");

export const GuestNameSchema = z.strictObject({ firstName: PersonName, lastName: PersonName });
export type GuestName = z.infer<typeof GuestNameSchema>;

export const ContactsSchema = z.strictObject({
  email: z.email().max(120),
  phone: z.string().regex(/^\+[1-9]\d{7,14}$/, "E.164, e.g. +79001234567"),
});
export type Contacts = z.infer<typeof ContactsSchema>;

export const BookingRoomSchema = z.strictObject({
  adults: z.int().min(1).max(6),
  childrenAges: z.array(z.int().min(0).max(17)).max(4),
  // Names given for this room; fewer than its guests is allowed (guestCoverage warns, the provider decides).
  guests: z.array(GuestNameSchema).min(1).max(10),
});
export type BookingRoom = z.infer<typeof BookingRoomSchema>;

// The provider's bookHash is opaque and bounded; it comes from the rates the journey (or the
// low-level rates read) loaded, never from the person.
export const BookHashSchema = z.string().min(1).max(512).regex(/^[\x21-\x7e]+$/, "opaque printable token");
export const HotelIdSchema = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/);

export const BookingRequestSchema = z.strictObject({
  hotelId: HotelIdSchema,
  bookHash: BookHashSchema,
  checkinDate: IsoDateSchema,
  checkoutDate: IsoDateSchema,
  rooms: z.array(BookingRoomSchema).min(1).max(4),
  contacts: ContactsSchema,
  // The total the person agrees to pay; the provider refuses (`price_changed`) rather than book at
  // another price. Kopecks at most, and few enough digits that the JSON number sent is this decimal.
  // A pattern, not a refine, so the advertised schema says it too.
  expectedPrice: MoneyFactSchema.extend({ amountDecimal: DecimalSchema.regex(/^(0|[1-9]\d{0,12})(\.\d?[1-9])?$/, "at most 13 digits and 2 decimals") }),
});
export type BookingRequest = z.infer<typeof BookingRequestSchema>;

export const CancellationRequestSchema = z.strictObject({ bookingRef: BookingRefSchema });
export const PaymentSetupRequestSchema = z.strictObject({ bookingRef: BookingRefSchema });
export const PromoCodeRequestSchema = z.strictObject({
  bookingRef: BookingRefSchema,
  promoCode: z.string().regex(/^[A-Z0-9_-]{2,32}$/, "2–32 characters: A–Z, 0–9, _ or -"),
});
export const EXTRA_SERVICE_TYPES = ["early_checkin", "late_checkout"] as const;
export const ExtraServicesRequestSchema = z.strictObject({
  bookingRef: BookingRefSchema,
  services: z
    .array(z.enum(EXTRA_SERVICE_TYPES))
    .min(1)
    .max(2)
    .refine((s) => new Set(s).size === s.length, "each service at most once"),
});

/** One write as the MCP prepared it: exactly the object both sides hash (shared/writes/hash.ts). */
export const PreparedWriteSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("booking"), request: BookingRequestSchema, preparedAt: TimestampSchema, expiresAt: TimestampSchema }),
  z.strictObject({ kind: z.literal("ls_booking"), request: BookingRequestSchema, preparedAt: TimestampSchema, expiresAt: TimestampSchema }),
  z.strictObject({ kind: z.literal("cancellation"), request: CancellationRequestSchema, preparedAt: TimestampSchema, expiresAt: TimestampSchema }),
  z.strictObject({ kind: z.literal("payment_setup"), request: PaymentSetupRequestSchema, preparedAt: TimestampSchema, expiresAt: TimestampSchema }),
  z.strictObject({ kind: z.literal("promo_code"), request: PromoCodeRequestSchema, preparedAt: TimestampSchema, expiresAt: TimestampSchema }),
  z.strictObject({ kind: z.literal("extra_services"), request: ExtraServicesRequestSchema, preparedAt: TimestampSchema, expiresAt: TimestampSchema }),
]);
export type PreparedWrite = z.infer<typeof PreparedWriteSchema>;
export type PreparedWriteOf<K extends WriteKind> = Extract<PreparedWrite, { kind: K }>;

export const RequestHashSchema = z.string().regex(/^[0-9a-f]{64}$/, "sha256 hex");
export const ConfirmationPhraseSchema = z.string().min(1).max(80);

// ---- gates (reported by hotels.status; never a secret value) ----

export const WriteGatesSchema = z.strictObject({
  mutationsEnabled: z.boolean(),
  executionProfile: z.literal("non_production_v1_reviewed").nullable(),
  // Whether a trusted x-real-ip source is configured; its value is never reported.
  trustedRealIp: z.boolean(),
  approvalChannels: z.array(z.enum(["terminal", "loopback_page"])).max(2),
});
export type WriteGates = z.infer<typeof WriteGatesSchema>;

// ---- hotels.open_write_approval_v1: a one-time loopback page URL for one requestHash ----

export const OpenWriteApprovalArgsSchema = z.strictObject({ requestHash: RequestHashSchema, kind: WriteKindSchema });
export const OpenWriteApprovalResultSchema = z.strictObject({
  // http://127.0.0.1:<port>/approve/<one-time token>; null when the page channel is off.
  approvalUrl: z.string().max(300).nullable(),
  terminalCommand: z.literal("tbank-mcp approve"),
  expiresAt: TimestampSchema,
});

// ---- hotels.execute_write_v1 ----

export const ExecuteWriteArgsSchema = z.strictObject({
  prepared: PreparedWriteSchema,
  requestHash: RequestHashSchema,
  confirmationPhrase: ConfirmationPhraseSchema,
});
export type ExecuteWriteArgs = z.infer<typeof ExecuteWriteArgsSchema>;

export const BookingCommittedSchema = z.strictObject({
  bookingRef: BookingRefSchema,
  // The asynchronous booking task as last read: SUCCESS, IN_PROGRESS or FAILED (raw, bounded).
  taskStatus: ProviderStatusSchema,
  orderStatus: ProviderStatusSchema.nullable(),
});
export const CommittedFactsSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("booking"), ...BookingCommittedSchema.shape }),
  z.strictObject({ kind: z.literal("ls_booking"), ...BookingCommittedSchema.shape }),
  z.strictObject({
    kind: z.literal("cancellation"),
    bookingRef: BookingRefSchema,
    status: ProviderStatusSchema,
    penalty: MoneyFactSchema.nullable(),
    refund: MoneyFactSchema.nullable(),
  }),
  z.strictObject({
    kind: z.literal("payment_setup"),
    bookingRef: BookingRefSchema,
    // The provider's hosted payment page: the person pays there, in a browser, never through a tool.
    paymentPageUrl: z.url().max(500),
    paymentPageExpiresAt: OffsetTimestampSchema.nullable(),
    amount: MoneyFactSchema,
  }),
  z.strictObject({ kind: z.literal("promo_code"), bookingRef: BookingRefSchema, applied: z.boolean(), priceAfter: MoneyFactSchema.nullable() }),
  z.strictObject({ kind: z.literal("extra_services"), bookingRef: BookingRefSchema, added: z.array(z.enum(EXTRA_SERVICE_TYPES)).max(2), priceAfter: MoneyFactSchema.nullable() }),
]);
export type CommittedFacts = z.infer<typeof CommittedFactsSchema>;

// The provider's safe refusal codes for a write it did not perform (nothing changed).
export const WRITE_REFUSALS = [
  "price_changed",
  "rate_unavailable",
  "not_cancellable",
  "nothing_to_pay",
  "promo_code_invalid",
  "service_unavailable",
  "invalid_guests",
  "rejected",
] as const;

export const ExecuteWriteResultSchema = z.discriminatedUnion("outcome", [
  z.strictObject({
    outcome: z.literal("committed"),
    requestHash: RequestHashSchema,
    // True when this hash had already been executed and this is the recorded outcome, not a new request.
    replayed: z.boolean(),
    // True when the outcome was learned by reconciliation after an unknown one.
    reconciled: z.boolean(),
    facts: CommittedFactsSchema,
    completedAt: TimestampSchema,
  }),
  z.strictObject({
    outcome: z.literal("refused_by_provider"),
    requestHash: RequestHashSchema,
    replayed: z.boolean(),
    reason: z.enum(WRITE_REFUSALS),
    // For price_changed: the provider's current total, so the person can decide again.
    currentPrice: MoneyFactSchema.nullable(),
    completedAt: TimestampSchema,
  }),
]);
export type ExecuteWriteResult = z.infer<typeof ExecuteWriteResultSchema>;

/**
 * The person has not decided within one call's wait (TBANK_AUTH_BROKER_APPROVAL_HOLD_MS), which is
 * kept under every client's tool-call timeout. Nothing was sent; the request still waits for them
 * until `approvalExpiresAt`, and the same execute again returns their decision or its one outcome.
 * (Approved and still being sent when the wait ends: `in_progress`, as for a parallel execute.)
 */
export const ExecutePendingSchema = z.strictObject({
  outcome: z.literal("approval_pending"),
  requestHash: RequestHashSchema,
  approvalExpiresAt: TimestampSchema,
});

export const ExecuteWriteAnswerSchema = z.union([ExecuteWriteResultSchema, ExecutePendingSchema]);
export type ExecuteWriteAnswer = z.infer<typeof ExecuteWriteAnswerSchema>;

// ---- broker.list_approvals / broker.decide_approval (toolkit role: the person's channel) ----

export const ApprovalIdSchema = z.string().regex(/^apr_[A-Za-z0-9_-]{11,43}$/);

// What the person is shown. Built by the broker from the request it will send and its own reads,
// never from text a model wrote. Guest names are shown to the person (it is their terminal), never
// written to a log.
/** Bounds a guest line from a broker older than `rooms` (up to 205 characters), with room to spare. */
export const GUEST_LINE_MAX = 240;

/** One room as it will be booked: its guests by name ("Ivan Petrov"), so two rooms never read as one. */
export const ApprovalRoomSchema = z.strictObject({
  adults: z.int().min(1).max(6),
  childrenAges: z.array(z.int().min(0).max(17)).max(4),
  // Two 80-letter names and a space: no name that will be sent is cut.
  guests: z.array(z.string().max(161)).max(10),
});
export type ApprovalRoom = z.infer<typeof ApprovalRoomSchema>;

export const ApprovalDisplaySchema = z.strictObject({
  kind: WriteKindSchema,
  action: z.string().max(200),
  hotel: ShortTextSchema.nullable(),
  checkinDate: IsoDateSchema.nullable(),
  checkoutDate: IsoDateSchema.nullable(),
  // One entry per guest ("Room 1 (2 adults): Ivan Petrov"), so no name that will be sent is cut:
  // the longest is "Room 4 (6 adults, children 17, 17, 17, 17): " (44) and two 80-letter names (161).
  // A broker before `rooms` sent this; a newer one sends `rooms` and leaves it empty.
  guests: z.array(z.string().max(GUEST_LINE_MAX)).max(40),
  // A booking's rooms in the order they will be sent (empty for a write on an existing booking).
  rooms: z.array(ApprovalRoomSchema).max(4).default([]),
  // Whether money is taken before the stay or at the hotel, and a booking's payment status.
  payment: z.string().max(300).nullable().default(null),
  // A booking's email and phone as they will be sent: where the confirmation and voucher go.
  contacts: z.string().max(300).nullable(),
  rate: ShortTextSchema.nullable(),
  price: MoneyFactSchema.nullable(),
  cancellation: z.string().max(300).nullable(),
  effects: z.array(z.string().max(300)).max(6),
});
export type ApprovalDisplay = z.infer<typeof ApprovalDisplaySchema>;

export const PendingApprovalSchema = z.strictObject({
  approvalId: ApprovalIdSchema,
  requestHash: RequestHashSchema,
  display: ApprovalDisplaySchema,
  requestedAt: TimestampSchema,
  expiresAt: TimestampSchema,
});
export type PendingApproval = z.infer<typeof PendingApprovalSchema>;

export const ListApprovalsArgsSchema = z.strictObject({});
export const ListApprovalsResultSchema = z.strictObject({ pending: z.array(PendingApprovalSchema).max(64) });

export const DecideApprovalArgsSchema = z.strictObject({ approvalId: ApprovalIdSchema, decision: z.enum(["approve", "deny"]) });
export const DecideApprovalResultSchema = z.strictObject({ decided: z.enum(["approved", "denied"]), requestHash: RequestHashSchema });

