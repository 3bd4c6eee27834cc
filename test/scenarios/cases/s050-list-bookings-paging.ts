import { listBookings, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s050",
  title: "Signed-in person pages through their bookings three at a time",
  request: "Покажи мои брони, по три за раз",
  budgetTokens: 600,
  setup: { login: true },
  steps: [
    step("tbank_hotels_list_bookings", { limit: 3 }, { status: "ok", isError: false, text: ["total=7", "hasMore=true", "Отель «Садовый», Санкт-Петербург", "AWAITING_PAYMENT"], nextStep: ["offset=3"], notText: ["Cosmos «Дружба»"], maxTokens: 250 }, { save: { next: "nextOffset" } }),
    step("tbank_hotels_list_bookings", { offset: "$next", limit: 3 }, { status: "ok", text: ["hasMore=true", "Cosmos «Дружба», Сочи", "CANCELLED", "COMPLETED"], nextStep: ["offset=6"], notText: ["Отель «Садовый»"], maxTokens: 250 }, { save: { next: "nextOffset" } }),
    listBookings({ offset: "$next", limit: 3 }, { status: "ok", text: ["hasMore=false", "Sokos «Соборный», Ереван"], textMatches: ["bkr_[A-Za-z0-9_-]{22}"], nextStep: ["tbank_hotels_get_booking_overview"], maxTokens: 150 }),
  ],
};
