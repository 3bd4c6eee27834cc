import { listBookings, readResource, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s344",
  title: "Saved vouchers as a resource: none, then the one just saved (path, size, deletion time; never the PDF)",
  request: "Сохрани ваучер по Казани и покажи, какие ваучеры у меня сохранены",
  budgetTokens: 900,
  setup: { login: true },
  steps: [
    readResource("tbank-hotels://vouchers", { status: "ok", text: ["vouchers=0"], nextStep: ["tbank_hotels_save_voucher"], maxTokens: 60 }),
    listBookings(undefined, { status: "ok", text: ["Казань"] }, { kazan: "Казань" }),
    step("tbank_hotels_save_voucher", { bookingRef: "$kazan" }, { status: "ok", textMatches: ["voucher-[A-Za-z0-9_-]+\\.pdf"] }),
    readResource("tbank-hotels://vouchers", { status: "ok", text: ["vouchers=1"], textMatches: ["/voucher-[A-Za-z0-9_-]{22}\\.pdf \\| \\d+ bytes \\| deleted at \\d{4}-"], notText: ["%PDF", "orderId"], maxTokens: 100 }),
  ],
};
