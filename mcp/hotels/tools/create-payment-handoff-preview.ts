import { z } from "zod";
import { langOf, missing } from "../../../shared/locale.js";
import { formatMoney } from "../../../shared/money.js";
import { formatOffsetDateTime } from "../../../shared/time.js";
import { failure, success } from "../../shared/outcome.js";
import { PAYMENT_WORDS, whereToPayStep } from "../../shared/payment-wording.js";
import { defineTool } from "./define.js";
import { BookingReadInput, CustomerBase, OptionalAnyValue, READ_ANNOTATIONS, withBroker } from "./customer-common.js";
import { withoutSchemaUrl } from "./schemas.js";

const Output = withoutSchemaUrl(
  z.object({
    ...CustomerBase,
    paymentHandoffRef: OptionalAnyValue,
    bookingStatus: OptionalAnyValue,
    paymentPrice: OptionalAnyValue,
    amountDecimal: OptionalAnyValue,
    currency: OptionalAnyValue,
    paymentStatus: OptionalAnyValue,
    observedAt: OptionalAnyValue,
    expiresAt: OptionalAnyValue,
  }),
);

export const createPaymentHandoffPreview = defineTool({
  name: "tbank_hotels_create_payment_handoff_preview",
  title: "Payment handoff",
  description: "Unpaid booking's short-lived paymentHandoffRef for Banking MCP. Pays nothing.",
  toolset: "customer",
  input: withoutSchemaUrl(BookingReadInput),
  output: Output,
  annotations: { ...READ_ANNOTATIONS, idempotentHint: false },
  handler: ({ bookingRef, language }, ctx) =>
    withBroker<z.infer<typeof Output>>(
      ctx,
      async (broker) => {
        const lang = langOf(language);
        const w = PAYMENT_WORDS[lang];
        const h = await broker.call("hotels.create_payment_handoff", { bookingRef });
        if ("nothingToPay" in h) {
          // The broker minted nothing: a paid or closed booking has no payment to hand off, and no
          // pointer to a payment page belongs in this answer.
          const paymentStatus = h.paymentStatus ?? missing(lang);
          const nextStep = `nothing to pay: the booking is ${h.status}, so no paymentHandoffRef was made. Tell the person; paymentStatus is the provider's raw word. Do not retry.`;
          return failure(
            { status: "nothing_to_pay", retryAllowed: false, bookingStatus: h.status, paymentStatus, nextStep },
            { facts: `bookingStatus=${h.status}`, lines: [`${w.paymentStatus}: ${paymentStatus}`], isError: false },
          );
        }
        const paymentPrice = formatMoney(h.amountDecimal, h.currency, lang);
        // Ends with where the person pays: the next step is the last line of both channels.
        const nextStep = `pass paymentHandoffRef to tbank_banking_preview_hotel_payment (Banking MCP; single use, until expiresAt). Nothing is paid here. ${whereToPayStep(ctx.config.hotels.ordersPageUrl)}`;
        // paymentPrice as observed, and the raw status: neither is read as what is owed or allowed.
        return success({ status: "ok", paymentHandoffRef: h.paymentHandoffRef, paymentPrice, amountDecimal: h.amountDecimal, currency: h.currency, paymentStatus: h.paymentStatus, observedAt: h.observedAt, expiresAt: h.expiresAt, nextStep }, [
          `status=ok paymentHandoffRef=${h.paymentHandoffRef} (${w.validUntil} ${formatOffsetDateTime(h.expiresAt, lang)})`,
          `${w.price}: ${paymentPrice} (amountDecimal=${h.amountDecimal} ${h.currency}), ${w.observedAt} ${formatOffsetDateTime(h.observedAt, lang)}`,
          `${w.paymentStatus}: ${h.paymentStatus} (${w.rawStatus})`,
        ]);
      },
      { bookingRef },
    ),
});
