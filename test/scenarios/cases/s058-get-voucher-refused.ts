import { listBookings, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s058",
  title: "Asking for the voucher inline is refused and points to save_voucher, which then saves it",
  request: "Пришли мне ваучер по казанской брони прямо сюда, в чат",
  budgetTokens: 760,
  setup: { login: true },
  steps: [
    listBookings({ status: "active" }, { status: "ok", text: ["Казань"] }, { kazan: "Казань" }),
    step("tbank_hotels_get_voucher", { bookingRef: "$kazan" }, { status: "inline_delivery_refused", retryAllowed: false, text: ["never returned inline"], nextStep: ["tbank_hotels_save_voucher", "same bookingRef"], notText: ["%PDF"], maxTokens: 80 }),
    step("tbank_hotels_save_voucher", { bookingRef: "$kazan" }, { status: "ok", textMatches: ["voucher-[A-Za-z0-9_-]+\\.pdf", "sha256 [0-9a-f]{64}"], nextStep: ["tell the person the file path"], notText: ["%PDF"], maxTokens: 150 }),
  ],
};
