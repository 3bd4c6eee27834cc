import { CONTACTS_NOT_ECHOED, GUEST_CONTACTS, IVAN_AND_ANNA, journeyStep, KAZAN_RATE_ONE_SELECTED, step } from "../journey-steps.js";
import { kazanHotel, rub } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

const first = kazanHotel(1).rates[0]!;
// Signed in, the booking toolset listed, but writes off (no mutation gates anywhere): the names the
// person gave must not come back, and no draft may exist to hold them.
const NAMES_NOT_ECHOED = ["Иван", "Петров", "Анна", "i***@", "bdr_", ...CONTACTS_NOT_ECHOED];
const OFF = "off in this server's configuration";

export const scenario: Scenario = {
  id: "s105",
  title: "Booking with writes off: connection_status says why, the draft is refused without an id or an echo of the names, the preview instead",
  request: "Забронируй этот номер на меня и жену: Иван Петров, Анна Петрова, почта ivan.petrov.pii@example.com, телефон +7 916 123-45-67",
  budgetTokens: 2750,
  setup: { login: true, env: { TBANK_HOTELS_TOOLSETS: "journey,customer,booking" } },
  steps: [
    step("tbank_hotels_connection_status", undefined, {
      isError: false,
      text: ["customer: mobile_read_only_ready", OFF],
      textOnly: ["bookingExecution.available=false (", "paymentFormExecution.available=false"],
      maxTokens: 160,
    }),
    ...KAZAN_RATE_ONE_SELECTED,
    journeyStep(
      "tbank_hotels_create_booking_draft",
      { guests: IVAN_AND_ANNA, contacts: GUEST_CONTACTS },
      {
        status: "execution_unavailable",
        isError: false,
        retryAllowed: false,
        text: [OFF, "No draft was created and nothing was stored"],
        nextStep: ["tbank_hotels_create_booking_preview", "Do not ask for or repeat names, email or phone"],
        notText: [...NAMES_NOT_ECHOED, "bookingDraftId"],
        maxTokens: 160,
      },
    ),
    journeyStep("tbank_hotels_create_booking_preview", {}, {
      status: "preview_ready",
      text: ["ничего не забронировано", "Бронирование — на странице продавца", `${rub(first.price.value)} за 2 ночи`],
      textOnly: ["bookingExecution.available=false"],
      notText: NAMES_NOT_ECHOED,
      nextStep: ["tbank_hotels_create_checkout_handoff"],
      maxTokens: 450,
    }),
  ],
};
