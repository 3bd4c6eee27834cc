import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s051",
  title: "Details of the booking awaiting payment: hotel, room, dates, observed price and cancellation",
  request: "Что у меня за бронь в Питере? Номер, даты, сколько стоит и до какого можно отменить",
  budgetTokens: 550,
  setup: { login: true },
  steps: [
    { tool: "tbank_hotels_list_bookings", args: { limit: 5 }, expect: { status: "ok", text: ["Санкт-Петербург"] }, save: { spb: "bookings.0.bookingRef" } },
    {
      tool: "tbank_hotels_get_booking",
      args: { bookingRef: "$spb" },
      expect: {
        status: "ok",
        isError: false,
        retryAllowed: false,
        text: ["AWAITING_PAYMENT", "Отель «Садовый»", "2027-01-14 → 2027-01-17", "гостей: 3", "Стандартный двухместный номер", "paymentPrice (as observed): 121189.5 RUB", "paymentStatus: WAITING_FOR_PAYMENT", "бесплатная отмена до 2027-01-11T18:00:00+03:00", "штраф: 39791 RUB"],
        notText: ["к оплате", "balance"],
        maxTokens: 200,
      },
    },
  ],
};
