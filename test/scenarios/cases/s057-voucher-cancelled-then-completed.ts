import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s057",
  title: "No voucher for a cancelled booking (sandbox: CONFIRMED/COMPLETED only); a completed stay's voucher saves",
  request: "Сохрани ваучеры по Сочи и по Москве",
  budgetTokens: 730,
  setup: { login: true },
  steps: [
    {
      tool: "tbank_hotels_list_bookings",
      expect: { status: "ok", text: ["CANCELLED | Cosmos «Дружба», Сочи", "COMPLETED | Мини-отель «Северная звезда», Москва"] },
      save: { sochi: "bookings[city=Сочи].bookingRef", moscow: "bookings[city=Москва].bookingRef" },
    },
    {
      tool: "tbank_hotels_save_voucher",
      args: { bookingRef: "$sochi" },
      expect: { status: "provider_error", isError: true, retryAllowed: false, nextStep: ["do not retry", "no voucher for this booking"], notText: ["voucher saved"], maxTokens: 60 },
    },
    {
      tool: "tbank_hotels_save_voucher",
      args: { bookingRef: "$moscow" },
      expect: { status: "ok", textMatches: ["voucher-[A-Za-z0-9_-]+\\.pdf", "sha256 [0-9a-f]{64}"], nextStep: ["deleted at"], maxTokens: 150 },
    },
  ],
};
