import { readResource } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s346",
  title: "Broker not running: a booking resource says how to start it, never a crash",
  request: "Открой мою бронь",
  budgetTokens: 120,
  setup: { brokerWithoutProcess: true },
  steps: [readResource("tbank-hotels://bookings", { status: "broker_unavailable", isError: true, retryAllowed: false, nextStep: ["tbank-mcp login"], maxTokens: 60 })],
};
