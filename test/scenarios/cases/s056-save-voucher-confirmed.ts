import { listBookings, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s056",
  title: "Voucher of a confirmed booking saved to a private file: path, size, sha256, deletion time",
  request: "Сохрани ваучер по брони в Екатеринбурге",
  // Raised with issue 14: a listing now marks upcoming stays and its next step names every follow-up
  // tool that fits the listed statuses (~60 tokens).
  budgetTokens: 500,
  setup: { login: true },
  steps: [
    listBookings({ limit: 3 }, { status: "ok", text: [`CONFIRMED | "Cosmos «Меридиан»"`] }, { ekb: "Екатеринбург" }),
    step("tbank_hotels_save_voucher", { bookingRef: "$ekb" }, { status: "ok", isError: false, textOnly: ["voucher saved: "], textMatches: ["/vouchers/voucher-[A-Za-z0-9_-]+\\.pdf", "\\(\\d+ bytes, sha256 [0-9a-f]{64}\\)", "deleted at \\d{4}-\\d{2}-\\d{2}T"], nextStep: ["tell the person the file path"], notText: ["%PDF", "base64"], maxTokens: 150 }),
  ],
};
