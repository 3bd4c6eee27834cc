import type { OperationName, OperationResult } from "../../../shared/protocol/operations.js";
import { z } from "zod";
import { langOf, LanguageInput, missing, type Lang } from "../../../shared/locale.js";
import { formatMoney } from "../../../shared/money.js";
import { BrokerError } from "../../../shared/protocol/broker-error.js";
import { isRef } from "../../../shared/refs.js";
import { brokerFailure, type BrokerClient } from "../../shared/broker-client.js";
import { failure, type FailureFields } from "../../shared/outcome.js";
import { notConfiguredNextStep, type ReadinessTools } from "../../shared/readiness.js";
import type { HotelsContext } from "../context.js";
import type { ToolOutcome } from "./define.js";
import { type Base, OptionalAnyValue } from "./schemas.js";

export { OptionalAnyValue };

// Shared by the customer tools: every read goes through the auth broker, which holds the bank
// session, maps bookingRefs to provider ids and returns sanitized facts. This server keeps no state
// about refs, so a bookingRef works from any Hotels server instance while the broker holds it.

/**
 * Top-level fields every customer tool result carries (status is a string: broker codes are many).
 * retryAllowed and nextStep are typed by the result builders (outcome.ts) and advertised as `{}`:
 * their types cost 8 tokens in each customer tool of tools/list.
 */
export const CustomerBase = { status: z.string(), retryAllowed: OptionalAnyValue, nextStep: OptionalAnyValue } satisfies Record<keyof typeof Base | "status", z.ZodType>;

// Checked locally against the ref pattern (see withBroker): the advertised schema stays one word long.
export const BookingRefInput = z.strictObject({ bookingRef: z.string() });
// Checked as ru/en (en-US...) but advertised as a string, as the mutation tools do: the pattern
// would cost 13 tokens in each customer tool.
export const CustomerLanguage = LanguageInput.meta({ pattern: undefined });
/** The read tools over one booking: the ref, and the language of labels, money and dates. */
export const BookingReadInput = z.strictObject({ bookingRef: z.string(), language: CustomerLanguage.optional() });

/** How the readiness next steps name this server's customer tools. */
export const CUSTOMER_TOOLS: ReadinessTools = {
  subject: "customer tools",
  service: "the bookings service",
  unverified: "customer reads are off; tell the person, ask again in a minute",
};

export function notConfigured(): ToolOutcome<FailureFields> {
  return failure({ status: "customer_tools_not_configured", retryAllowed: false, nextStep: notConfiguredNextStep(CUSTOMER_TOOLS) });
}

/**
 * Runs `read` with the broker, or answers locally: not configured, a malformed bookingRef, or any
 * broker failure as `brokerFailure(err)` fields (never the broker's raw message).
 */
export async function withBroker<T>(
  ctx: HotelsContext,
  read: (broker: BrokerClient) => Promise<ToolOutcome<T>>,
  opts: { bookingRef?: string; op?: OperationName } = {},
): Promise<ToolOutcome<T | FailureFields>> {
  const broker = ctx.broker;
  if (!broker) return notConfigured();
  if (opts.bookingRef !== undefined && !isRef("bookingRef", opts.bookingRef)) {
    return failure({ status: "invalid_ref", retryAllowed: false, nextStep: "use a bookingRef exactly as tbank_hotels_list_bookings returned it" });
  }
  try {
    return await read(broker);
  } catch (err) {
    const f = brokerFailure(err, opts.op);
    // Logout or a lost session revokes every ref: then the step that helps is the login, not a new list.
    if (f.status === "invalid_ref" || f.status === "ref_expired") {
      const { state } = await broker.readiness();
      if (state === "mobile_login_required") return failure(brokerFailure(new BrokerError("mobile_login_required", "no session")));
    }
    return failure(f);
  }
}

type BookingFacts = OperationResult<"hotels.get_booking_v1">;

/** The handler of a read-only tool over one booking: the broker's sanitized facts, then `render`. */
export function bookingHandler<T>(render: (booking: BookingFacts, lang: Lang, ctx: HotelsContext) => ToolOutcome<T>) {
  return ({ bookingRef, language }: { bookingRef: string; language?: string | undefined }, ctx: HotelsContext): Promise<ToolOutcome<T | FailureFields>> =>
    withBroker(ctx, async (broker) => render(await broker.call("hotels.get_booking_v1", { bookingRef }), langOf(language), ctx), { bookingRef });
}

/** An amount in the language's one money format; without amount or currency, "нет данных". */
export function money(amount: string | null | undefined, currency: string | null | undefined, lang: Lang): string {
  return amount && currency ? formatMoney(amount, currency, lang) : missing(lang);
}

export function fact(value: string | number | null | undefined, lang: Lang): string {
  return value === null || value === undefined || value === "" ? missing(lang) : String(value);
}

export const READ_ANNOTATIONS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true } as const;
