import { z } from "zod";
import { isDecimal, CURRENCY_PATTERN } from "../money.js";
import { refPattern } from "../refs.js";
import { isIsoDate, isOffsetDateTime } from "../time.js";

// Field schemas shared by several operations. Every free-text field has a length bound so that a
// hostile or broken peer cannot grow a message past the line caps one field at a time.

export const ROLES = ["hotels", "banking", "toolkit"] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const BookingRefSchema = z.string().regex(refPattern("bookingRef"), "invalid bookingRef");
export const PaymentHandoffRefSchema = z.string().regex(refPattern("paymentHandoffRef"), "invalid paymentHandoffRef");
export const LoginIdSchema = z.string().regex(refPattern("loginId"), "invalid loginId");

export const DecimalSchema = z.string().max(64).refine(isDecimal, "not a canonical decimal string");
export const CurrencySchema = z.string().regex(CURRENCY_PATTERN, "not an ISO 4217 currency code");
// The format is advertised in tool input schemas; the refine is what checks it.
export const IsoDateSchema = z.string().refine(isIsoDate, "not a calendar date (YYYY-MM-DD)").meta({ format: "date" });

// An amount as the provider stated it, with its currency. Here (not in ops-hotels.ts) because both
// ops-hotels.ts and ops-hotels-writes.ts need it and import each other's schemas otherwise.
export const MoneyFactSchema = z.strictObject({
  amountDecimal: DecimalSchema,
  currency: CurrencySchema,
});

// Broker-made instants are UTC ("...Z"); provider facts keep whatever offset the provider gave.
export const TimestampSchema = z.iso.datetime();
export const OffsetTimestampSchema = z.string().max(40).refine(isOffsetDateTime, "not a timestamp with a UTC offset");

export const ShortTextSchema = z.string().max(200);
// Raw provider status words are passed through uninterpreted (the seed forbids reading meaning
// such as "payable" into paymentStatus), but only as a machine code: both channels print a status
// unquoted (`bkr_… | CONFIRMED | …`, `bookingStatus=…`), so a word with a space, a separator or an
// invisible character would be a second field. Upper case as every status of the provider contract,
// which also keeps a lower-case ref (bkr_…) out of it.
const STATUS_CODE = /^[A-Z][A-Z0-9_]{0,39}$/;
export const ProviderStatusSchema = z.string().regex(STATUS_CODE, "not a status code");

// What a payment handoff binds when it is minted, and what its consumer gets back: the amount due,
// the raw payment status and when the broker read them (DESIGN.md section 3, payment handoff).
export const PAYMENT_HANDOFF_FACTS = {
  amountDecimal: DecimalSchema,
  currency: CurrencySchema,
  paymentStatus: ProviderStatusSchema,
  observedAt: TimestampSchema,
};

/** What a provider status that is not a code reads as: the booking stays, its status is unknown. */
const UNKNOWN_PROVIDER_STATUS = "UNKNOWN";

/** A provider answer's status as it enters the broker: the code, or UNKNOWN for anything else. */
export const ProviderStatusInputSchema = z.string().transform((s) => (STATUS_CODE.test(s) ? s : UNKNOWN_PROVIDER_STATUS));

export const STORE_BACKENDS = ["keychain", "file"] as const;
export const StoreBackendSchema = z.enum(STORE_BACKENDS);

// What the broker knows about the session, without a provider call. "broker_unavailable" and
// "partial_read_only_unverified" are derived on the client side and never sent by the broker.
export const SESSION_STATES = ["mobile_login_required", "login_pending", "mobile_read_only_ready"] as const;
export const SessionStateSchema = z.enum(SESSION_STATES);
export type SessionState = z.infer<typeof SessionStateSchema>;

export const EmptyArgsSchema = z.strictObject({});
