import { listBookings, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s057",
  title: "No voucher for a cancelled booking (sandbox: CONFIRMED/COMPLETED only); a completed stay's voucher saves",
  request: "Сохрани ваучеры по Сочи и по Москве",
  budgetTokens: 730,
  setup: { login: true },
  steps: [
    listBookings({ status: "past" }, { status: "ok", text: [`CANCELLED | "Cosmos «Дружба»", "Сочи"`, `COMPLETED | "Мини-отель «Северная звезда»", "Москва"`], nextStep: ["tbank_hotels_save_voucher (CONFIRMED, COMPLETED)"] }, { sochi: "Сочи", moscow: "Москва" }),
    step("tbank_hotels_save_voucher", { bookingRef: "$sochi" }, { status: "provider_error", isError: true, retryAllowed: false, nextStep: ["do not retry", "no voucher for this booking"], notText: ["voucher saved"], maxTokens: 60 }),
    step("tbank_hotels_save_voucher", { bookingRef: "$moscow" }, { status: "ok", textMatches: ["voucher-[A-Za-z0-9_-]+\\.pdf", "sha256 [0-9a-f]{64}"], nextStep: ["deleted at"], maxTokens: 150 }),
  ],
};
