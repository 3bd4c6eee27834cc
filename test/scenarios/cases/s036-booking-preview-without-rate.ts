import { journeyStep, PLAN_KAZAN_WEEKEND, SELECT_SAVED_OPTION } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s036",
  title: "Booking preview before a rate is chosen asks for rate selection",
  request: "Сразу сделай сводку брони по этому отелю",
  budgetTokens: 1700,
  steps: [
    PLAN_KAZAN_WEEKEND,
    SELECT_SAVED_OPTION,
    journeyStep("tbank_hotels_create_booking_preview", {}, { status: "rate_selection_required", isError: true, retryAllowed: false, nextStep: ["tbank_hotels_get_selected_stay_rates", "tbank_hotels_select_stay_rate"] }),
  ],
};
