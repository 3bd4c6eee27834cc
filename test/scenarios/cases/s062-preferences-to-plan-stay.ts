import { planStay, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s062",
  title: "Price preferences from past stays passed unchanged to a Kazan search",
  request: "Подбери отель в Казани на 10–12 апреля на двоих, в моём обычном ценовом диапазоне",
  budgetTokens: 2100,
  setup: { login: true },
  steps: [
    step("tbank_banking_get_hotel_preferences", undefined, { status: "ok", text: ["\"pricePerNight\":{\"min\":5800,\"max\":13700,\"currency\":\"RUB\"}", "7 stays", "12 months"], textOnly: ["basis: 7 stays over 12 months"], nextStep: ["unchanged", "tbank_hotels_plan_stay", "never a filter"], maxTokens: 120 }, { save: { prefs: "hotelPreferences", min: "hotelPreferences.pricePerNight.min", max: "hotelPreferences.pricePerNight.max" }, server: "banking" }),
    planStay({ destination: "Казань", checkinDate: "2027-04-10", checkoutDate: "2027-04-12", hotelPreferences: "$prefs" }, { status: "ok", isError: false, text: ["Казань", "только для ранжирования, не фильтр", "за ночь", "в диапазоне"], textMatches: ["journeyId=jrn_"], maxTokens: 1950 }),
  ],
};
