import { PLAN_KAZAN_WEEKEND, planStay, SELECT_SAVED_OPTION } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s048",
  title: "Search under 401 and 403: provider_auth_rejected, no retry",
  request: "Нашли Казань на 12–14 марта; теперь поищи на 19–21 марта",
  budgetTokens: 1850,
  steps: [
    PLAN_KAZAN_WEEKEND,
    SELECT_SAVED_OPTION,
    planStay({ destination: "Казань", checkinDate: "2027-03-19", checkoutDate: "2027-03-21" }, { status: "provider_auth_rejected", isError: true, retryAllowed: false, text: ["HTTP 401", "Do not retry"] }, { faults: { search: { kind: "status", status: 401 } } }),
    planStay({ destination: "Казань", checkinDate: "2027-03-19", checkoutDate: "2027-03-21" }, { status: "provider_auth_rejected", isError: true, retryAllowed: false, text: ["HTTP 403", "must be fixed outside the chat"] }, { faults: { search: { kind: "status", status: 403 } } }),
  ],
};
