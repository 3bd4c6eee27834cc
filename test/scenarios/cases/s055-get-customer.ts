import { step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s055",
  title: "Whose account is signed in: first name and whether contacts exist, never the contacts",
  request: "Под чьим аккаунтом ты смотришь мои брони? Какая там почта и телефон?",
  budgetTokens: 60,
  setup: { login: true },
  steps: [
    step("tbank_hotels_get_customer", undefined, { status: "ok", isError: false, text: ["Анна"], textOnly: ["аккаунт: Анна", "email: есть", "телефон: есть"], notText: ["@", "+7"], maxTokens: 50 }),
  ],
};
