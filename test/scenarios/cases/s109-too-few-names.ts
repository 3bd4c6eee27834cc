import { CONTACTS_NOT_ECHOED, GUEST_CONTACTS, journeyStep, KAZAN_RATE_ONE_SELECTED, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s109",
  title: "One name for two adults: the draft is still made, guestCoverage warns (1 of 2) and the next step says to ask the person first",
  request: "Бронируй на меня, Иван Петров, ivan.petrov.pii@example.com, +79161234567. Нас двое, но имя жены потом скажу.",
  budgetTokens: 2800,
  setup: { writes: true },
  steps: [
    ...KAZAN_RATE_ONE_SELECTED,
    journeyStep(
      "tbank_hotels_create_booking_draft",
      { guests: [[{ firstName: "Иван", lastName: "Петров" }]], contacts: GUEST_CONTACTS },
      {
        status: "draft_ready",
        isError: false,
        text: ["Иван Петров (2 взр.)", "1/2 complete=false", "номер 1: 1 из 2", "провайдер может не принять бронь"],
        textMatches: ["bookingDraftId=bdr_[A-Za-z0-9_-]{22}"],
        nextStep: ["tell the person the guestCoverage warning", "tbank_hotels_create_booking_draft again with all of them", "tbank_hotels_validate_checkout"],
        notText: CONTACTS_NOT_ECHOED,
        maxTokens: 350,
      },
      { save: { bookingDraftId: "bookingDraftId" } },
    ),
    // The person goes on without the second name: the warning was not a refusal.
    step("tbank_hotels_validate_checkout", { bookingDraftId: "$bookingDraftId" }, {
      status: "checkout_validated",
      text: ["Иван Петров (2 взр.)"],
      nextStep: ["tbank_hotels_prepare_draft_booking"],
      notText: CONTACTS_NOT_ECHOED,
      maxTokens: 300,
    }),
  ],
};
