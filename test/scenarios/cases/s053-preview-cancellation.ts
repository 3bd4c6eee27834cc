import { listBookings } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const spb = bookingIn("Санкт-Петербург");

export const scenario: Scenario = {
  id: "s053",
  title: "Cancellation terms preview cancels nothing; the booking stays as it was",
  request: "Если я отменю бронь в Питере, сколько с меня возьмут? Пока не отменяй",
  budgetTokens: 420,
  setup: { login: true },
  steps: [
    listBookings({ limit: 2 }, { status: "ok", text: ["Санкт-Петербург"] }, { spb: "Санкт-Петербург" }),
    {
      tool: "tbank_hotels_preview_cancellation",
      args: { bookingRef: "$spb" },
      expect: {
        status: "ok",
        isError: false,
        text: ["cancelled=false", String(spb.freeCancellationUntil), spb.penalty],
        textOnly: ["(preview only)", `бесплатная отмена до ${String(spb.freeCancellationUntil)}`, `штраф: ${spb.penalty}`],
        nextStep: ["nothing was cancelled", "T-Bank app"],
        maxTokens: 100,
      },
    },
    { tool: "tbank_hotels_get_booking", args: { bookingRef: "$spb" }, expect: { status: "ok", text: ["AWAITING_PAYMENT", "WAITING_FOR_PAYMENT"], notText: ["CANCELLED"] } },
  ],
};
