import { executeSaved, listBookings, SAVE_PREPARED, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const kazan = bookingIn("Казань");
const kazanEn = bookingIn("Казань", "en");
if (kazan.paymentStatus !== "PAID" || kazan.freeCancellationShown === undefined) throw new Error("s110 expects the Казань booking paid and freely cancellable on the eval day");

export const scenario: Scenario = {
  id: "s110",
  title: "Cancel an upcoming booking (mutations): terms first, prepare, the person approves, committed with the provider's refund, then listed CANCELLED",
  request: "Отмени мою бронь в Казани в конце марта, пока отмена бесплатная.",
  budgetTokens: 1650,
  setup: { writes: true },
  steps: [
    listBookings({ status: "active" }, { status: "ok", text: [`"${kazan.hotelName}", "Казань"`, "CONFIRMED"] }, { kazan: "Казань" }),
    // What will happen: free until the deadline, the penalty after it; with writes on, it can be cancelled here.
    step(
      "tbank_hotels_preview_cancellation",
      { bookingRef: "$kazan" },
      { status: "ok", text: ["cancelled=false", "bookingStatus=CONFIRMED", String(kazan.freeCancellationShown), kazan.penalty], textOnly: [`штраф после ${String(kazan.freeCancellationShown)}: ${kazan.penalty}`], nextStep: ["tbank_hotels_prepare_cancellation"], notText: ["cannot cancel", `штраф: ${kazan.penalty}`], maxTokens: 160 },
    ),
    step(
      "tbank_hotels_prepare_cancellation",
      { bookingRef: "$kazan" },
      {
        status: "prepared",
        isError: false,
        text: ["executionAvailable=true", "kind=cancellation", "POST /v1/orders/:orderId/cancel", "$kazan", "tbank-mcp approve"],
        textMatches: ["confirmationPhrase: confirm cancel [0-9a-f]{8}\\n", "http://127\\.0\\.0\\.1:\\d+/approve/"],
        nextStep: ["whether cancelling is free now or its penalty", "the refund is stated only in the provider's answer", "the provider's own terms", "nothing is sent yet", "only they can", "tbank_hotels_execute_cancellation", "If they say no, stop"],
        notText: ["ord_"],
        maxTokens: 450,
      },
      { save: SAVE_PREPARED },
    ),
    executeSaved(
      "tbank_hotels_execute_cancellation",
      { bookingRef: "$kazan" },
      {
        status: "committed",
        isError: false,
        // Paid and freely cancellable: the provider answers no penalty (null: none) and the whole price back.
        text: ["kind=cancellation", "replayed=false", "$kazan", "status=CANCELLED", "penalty=none", `refund=${kazan.amountDecimal} ${kazan.currency} (${kazan.paymentPrice})`],
        nextStep: ["penalty and refund", "null: none", "do not execute it again"],
        notText: ["ord_"],
        maxTokens: 250,
      },
      {
        person: "approve",
        // Free now, the penalty after the deadline, and who states the refund: what the person approves.
        screen: [`free now (until ${String(kazanEn.freeCancellationShown)}); a penalty of ${kazanEn.penalty} after ${String(kazanEn.freeCancellationShown)}`, "cancels the booking free of charge", "payment status PAID"],
      },
    ),
    listBookings({ status: "all" }, { status: "ok", text: ["$kazan", "CANCELLED"], textOnly: [`$kazan | CANCELLED | "${kazan.hotelName}", "Казань"`], maxTokens: 650 }),
  ],
};
