import { listBookings } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const spb = bookingIn("Санкт-Петербург");

export const scenario: Scenario = {
  id: "s051",
  title: "Details of the booking awaiting payment: hotel, room, dates, observed price and cancellation",
  request: "Что у меня за бронь в Питере? Номер, даты, сколько стоит и до какого можно отменить",
  budgetTokens: 550,
  setup: { login: true },
  steps: [
    listBookings({ limit: 5 }, { status: "ok", text: ["Санкт-Петербург"] }, { spb: "Санкт-Петербург" }),
    {
      tool: "tbank_hotels_get_booking",
      args: { bookingRef: "$spb" },
      expect: {
        status: "ok",
        isError: false,
        text: ["AWAITING_PAYMENT", "Отель «Садовый»", `${spb.checkinDate} → ${spb.checkoutDate}`, "Стандартный двухместный номер", spb.paymentPrice, "WAITING_FOR_PAYMENT", String(spb.freeCancellationUntil), spb.penalty],
        textOnly: ["гостей: 3", `paymentPrice (as observed): ${spb.paymentPrice}`, `бесплатная отмена до ${String(spb.freeCancellationUntil)}`, `штраф: ${spb.penalty}`],
        notText: ["к оплате", "balance"],
        maxTokens: 200,
      },
    },
  ],
};
