import { CONFIRM_SAVED_BOOKING, CONTACTS_NOT_ECHOED, kazanBookingPrepared, listBookings, step } from "../journey-steps.js";
import { kazanHotel, rateFacts, rub } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

const facts = kazanHotel(1);
const { rate, checkoutPrice } = rateFacts(facts, 1);
const hotel = facts.hotel.name;
const DATES = "12.03.2027 → 14.03.2027, 2 ночи";
const GUESTS = "Иван Петров, Анна Петрова (2 взр.)";
if (rate.cancellation.freeCancellationUntil !== null) throw new Error("s106 expects rate #1 to be non-refundable");

export const scenario: Scenario = {
  id: "s106",
  title: "Book for me and my wife: draft → validate → prepare (summary, phrase, where to approve) → the person approves in the terminal → confirmed, and the booking is listed",
  request: "Забронируй этот номер на меня и жену: Иван Петров, Анна Петрова, почта ivan.petrov.pii@example.com, телефон +7 916 123-45-67",
  // The journey (plan, option, rates, rate) is ~2,150 tokens as JSON; draft, validate, prepare, confirm
  // and the listing ~1,700, prepare the most (summary, phrase, the page URL in its field and next step).
  budgetTokens: 4050,
  setup: { writes: true },
  steps: [
    ...kazanBookingPrepared({
      draft: {
        text: [hotel, DATES, GUESTS, `#1 ${rate.roomName}`, rub(rate.price.value), "i***@example.com", "+7 916 ***-**-67", "complete=true"],
        textMatches: ["bookingDraftId=bdr_[A-Za-z0-9_-]{22} state=ready expiresAt=2027-03-01T10:00"],
      },
      validate: { text: ["priceChanged=false", rub(checkoutPrice.value), "Невозвратный тариф"] },
      prepare: {
        text: [hotel, DATES, GUESTS, `#1 ${rate.roomName}`, rub(checkoutPrice.value), "Невозвратный тариф", "state=ready", "tbank-mcp approve"],
        textMatches: ["confirmationPhrase: confirm book [0-9a-f]{8}\\n", "http://127\\.0\\.0\\.1:\\d+/approve/[A-Za-z0-9_-]{43}", "expiresAt=2027-03-01T09:05"],
        nextStep: ["nothing is booked yet", "only they can: nothing you send approves it", "If they say no, stop"],
      },
    }),
    step(
      "tbank_hotels_confirm_booking",
      CONFIRM_SAVED_BOOKING,
      {
        status: "confirmed",
        isError: false,
        text: ["state=confirmed", "replayed=false", "reconciled=false", "orderStatus=AWAITING_PAYMENT", hotel, rub(checkoutPrice.value)],
        textMatches: ["bookingRef=bkr_[A-Za-z0-9_-]{22} taskStatus=(IN_PROGRESS|SUCCESS)"],
        nextStep: ["listed in their bookings", "do not give it to the person", "tbank_hotels_create_payment_handoff_preview", "Do not confirm or book again"],
        notText: CONTACTS_NOT_ECHOED,
        maxTokens: 450,
      },
      { person: "approve", save: { bookingRef: "bookingRef" } },
    ),
    listBookings(
      { status: "active" },
      {
        status: "ok",
        text: ["total=4", "$bookingRef", `"${hotel}", "Казань"`],
        textOnly: [`$bookingRef | AWAITING_PAYMENT | "${hotel}", "Казань" | 12.03.2027 → 14.03.2027 | гостей: 2 | предстоит`],
        // The listing shows the booking, never the names or contacts it was made with.
        notText: ["Петров", "Анна", ...CONTACTS_NOT_ECHOED],
        maxTokens: 420,
      },
    ),
  ],
};
