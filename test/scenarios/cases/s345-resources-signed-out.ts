import { readResource } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s345",
  title: "Signed out: the bookings and vouchers resources answer mobile_login_required with the login step",
  request: "Show my bookings and saved vouchers",
  budgetTokens: 200,
  setup: { brokerLoggedOut: true },
  steps: [
    readResource("tbank-hotels://bookings?language=en", { status: "mobile_login_required", isError: true, retryAllowed: false, nextStep: ["tbank-mcp login", "never through this chat"], maxTokens: 60 }),
    readResource("tbank-hotels://vouchers", { status: "mobile_login_required", isError: true, retryAllowed: false, nextStep: ["tbank-mcp login"], maxTokens: 60 }),
  ],
};
