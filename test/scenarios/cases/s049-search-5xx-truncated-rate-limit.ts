import { PLAN_KAZAN_WEEKEND, planStay, SELECT_SAVED_OPTION } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s049",
  title: "Search 5xx, truncated page and rate limit: search_unavailable, stop",
  request: "Нашли Казань на 12–14 марта; теперь поищи на 19–21 марта",
  budgetTokens: 1850,
  steps: [
    PLAN_KAZAN_WEEKEND,
    SELECT_SAVED_OPTION,
    planStay({ destination: "Казань", checkinDate: "2027-03-19", checkoutDate: "2027-03-21" }, { status: "search_unavailable", isError: true, retryAllowed: false, text: ["HTTP 502", "no retries"], nextStep: ["tbank_hotels_connection_status"] }, { faults: { search: { kind: "status", status: 502 } } }),
    planStay({ destination: "Казань", checkinDate: "2027-03-19", checkoutDate: "2027-03-21" }, { status: "search_unavailable", isError: true, retryAllowed: false, text: ["provider: unavailable"] }, { faults: { search: { kind: "truncated", times: 1 } } }),
    planStay({ destination: "Казань", checkinDate: "2027-03-19", checkoutDate: "2027-03-21" }, { status: "search_unavailable", isError: true, retryAllowed: false, text: ["rate_limited", "HTTP 429", "busy"] }, { faults: { search: { kind: "rate_limit", retryAfterSeconds: 1 } } }),
  ],
};
