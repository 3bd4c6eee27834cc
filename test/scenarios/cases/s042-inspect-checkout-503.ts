import { journeyStep, KAZAN_RATE_ONE_SELECTED } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s042",
  title: "Checkout inspection under a 503: terminal, no retry, handoff still works",
  request: "Проверь цену перед оплатой",
  budgetTokens: 2600,
  steps: [
    ...KAZAN_RATE_ONE_SELECTED,
    journeyStep("tbank_hotels_inspect_checkout", {}, { status: "checkout_temporarily_unavailable", retryAllowed: false, text: ["retryAllowed=false", "Не повторяйте вызов"], nextStep: ["tbank_hotels_create_checkout_handoff"] }, { faults: { checkout_inspect: { kind: "status", status: 503 } } }),
    journeyStep("tbank_hotels_create_checkout_handoff", {}, { status: "handoff_ready", text: ["hostedCheckoutUrl: http", "guestsCarried=true", "Тариф не резервируется", `#1 Стандартный двухместный номер`], textMatches: ["dateFrom=2027-03-12&dateTo=2027-03-14&guests=2"], nextStep: ["show hostedCheckoutUrl"] }),
  ],
};
