import { listBookings } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const spb = bookingIn("Санкт-Петербург");

export const scenario: Scenario = {
  id: "s053",
  title: "Cancellation terms preview cancels nothing; the booking stays as it was",
  request: "Если я отменю бронь в Питере, сколько с меня возьмут? Пока не отменяй",
  // Raised with issue 14: the listing names the follow-ups of each status, and the terms keep the ISO
  // deadline and decimal penalty beside the displayed ones.
  budgetTokens: 620,
  setup: { login: true },
  steps: [
    listBookings({ status: "active", limit: 2 }, { status: "ok", text: ["Санкт-Петербург"] }, { spb: "Санкт-Петербург" }),
    {
      tool: "tbank_hotels_preview_cancellation",
      args: { bookingRef: "$spb" },
      expect: {
        status: "ok",
        isError: false,
        text: ["cancelled=false", "bookingStatus=AWAITING_PAYMENT", String(spb.freeCancellationShown), spb.penalty],
        textOnly: ["(preview only)", `бесплатная отмена до ${String(spb.freeCancellationShown)}; штраф после ${String(spb.freeCancellationShown)}: ${spb.penalty}`],
        // Never a bare penalty beside a free deadline still ahead: it would read as charged now.
        notText: [`штраф: ${spb.penalty}`],
        nextStep: ["nothing was cancelled", "T-Bank app"],
        maxTokens: 130,
      },
    },
    { tool: "tbank_hotels_get_booking", args: { bookingRef: "$spb" }, expect: { status: "ok", text: ["AWAITING_PAYMENT", "WAITING_FOR_PAYMENT"], notText: ["CANCELLED"] } },
  ],
};
