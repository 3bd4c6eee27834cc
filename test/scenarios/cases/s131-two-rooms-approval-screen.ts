import { CONFIRM_SAVED_BOOKING, CONTACTS_NOT_ECHOED, GUEST_CONTACTS, journeyStep, planStay, SELECT_SAVED_OPTION, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

const TWO_ROOMS = [
  { adults: 2, childrenAges: [] },
  { adults: 2, childrenAges: [] },
];
const GUESTS = [
  [{ firstName: "Иван", lastName: "Петров" }, { firstName: "Анна", lastName: "Петрова" }],
  [{ firstName: "Олег", lastName: "Сидоров" }, { firstName: "Мария", lastName: "Сидорова" }],
];

export const scenario: Scenario = {
  id: "s131",
  title: "Two rooms for two couples: the approval screen shows each room with its own guests and how payment is taken; after booking the person is told what stays true, not the ref",
  request: "Забронируй два номера в Казани на 12–14 марта: в одном я с Анной Петровой, в другом Олег и Мария Сидоровы",
  budgetTokens: 4300,
  setup: { writes: true },
  steps: [
    planStay({ destination: "Казань", checkinDate: "2027-03-12", checkoutDate: "2027-03-14", rooms: TWO_ROOMS }, { status: "ok", isError: false, textMatches: ["journeyId=jrn_"] }, { save: { journeyId: "journeyId", optionId: "options.1.optionId" } }),
    SELECT_SAVED_OPTION,
    journeyStep("tbank_hotels_get_selected_stay_rates", {}, { status: "ready" }),
    journeyStep("tbank_hotels_select_stay_rate", { rateNumber: 1 }, { status: "rate_selected" }),
    journeyStep("tbank_hotels_create_booking_draft", { guests: GUESTS, contacts: GUEST_CONTACTS }, { status: "draft_ready", notText: CONTACTS_NOT_ECHOED }, { save: { bookingDraftId: "bookingDraftId" } }),
    step("tbank_hotels_validate_checkout", { bookingDraftId: "$bookingDraftId" }, { status: "checkout_validated" }),
    step("tbank_hotels_prepare_draft_booking", { bookingDraftId: "$bookingDraftId" }, { status: "prepared", nextStep: ["tbank-mcp approve"] }, { save: { requestHash: "requestHash", phrase: "confirmationPhrase" } }),
    step(
      "tbank_hotels_confirm_booking",
      CONFIRM_SAVED_BOOKING,
      {
        status: "confirmed",
        isError: false,
        textMatches: ["bookingRef=bkr_[A-Za-z0-9_-]{22}"],
        // The person is told what stays true; the ref (30 minutes) stays the model's.
        nextStep: ["listed in their bookings", "tbank_hotels_save_voucher", "do not give it to the person"],
        notText: ["give the bookingRef", ...CONTACTS_NOT_ECHOED],
        maxTokens: 520,
      },
      {
        person: "approve",
        // Each room with its own guests, never "Room 1 …; Room 1 …"; and whether money is taken now.
        screen: ["Room 1 (2 adults): Иван Петров, Анна Петрова", "Room 2 (2 adults): Олег Сидоров, Мария Сидорова", "Payment           paid "],
      },
    ),
  ],
};
