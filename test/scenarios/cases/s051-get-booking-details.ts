import { listBookings } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const spb = bookingIn("Санкт-Петербург");

export const scenario: Scenario = {
  id: "s051",
  title: "Details of the booking awaiting payment: hotel, room, dates, observed price and cancellation, in the one ru format",
  request: "Что у меня за бронь в Питере? Номер, даты, сколько стоит и до какого можно отменить",
  budgetTokens: 550,
  setup: { login: true },
  steps: [
    listBookings({ status: "active" }, { status: "ok", text: ["Санкт-Петербург"] }, { spb: "Санкт-Петербург" }),
    {
      tool: "tbank_hotels_get_booking",
      args: { bookingRef: "$spb" },
      expect: {
        status: "ok",
        isError: false,
        text: ["AWAITING_PAYMENT", spb.hotelName, spb.dates, "Стандартный двухместный номер", spb.paymentPrice, "WAITING_FOR_PAYMENT", String(spb.freeCancellationShown), spb.penalty],
        textOnly: ["гостей: 3", `цена оплаты, указанная в брони: ${spb.paymentPrice}`, `бесплатная отмена до ${String(spb.freeCancellationShown)}`, `штраф после ${String(spb.freeCancellationShown)}: ${spb.penalty}`],
        // The old formats: a decimal with a currency code, an ISO deadline in the text.
        notText: ["к оплате", "balance", `${spb.amountDecimal} ${spb.currency}`, String(spb.freeCancellationUntil).replace("T", " ")],
        maxTokens: 230,
      },
    },
  ],
};
