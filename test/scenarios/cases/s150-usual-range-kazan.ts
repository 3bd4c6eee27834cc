import { planStay, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

// The person's usual range comes from the banking MCP. Options inside it are the recommendation and
// come first on every page; the good ones just outside it are named apart, with price and why, on
// every listing and comparison (none of them is on the first page).
const ALTERNATIVE_LINE = '\\n- opt_\\S+ "[^"\\n]+"[^\\n]* за 2 ночи, [^\\n]* за ночь · на \\d+ % (выше|ниже) диапазона, рейтинг \\d';

export const scenario: Scenario = {
  id: "s150",
  title: "«В моём обычном ценовом диапазоне»: in-range options first on every page, alternatives apart by name, price and why",
  request: "Подбери в Казани на 9–11 апреля в моём обычном ценовом диапазоне. А что есть чуть дороже или дешевле, но хорошее?",
  budgetTokens: 5500,
  setup: { login: true },
  steps: [
    step("tbank_banking_get_hotel_preferences", undefined, { status: "ok" }, { save: { prefs: "hotelPreferences" }, server: "banking" }),
    planStay(
      { destination: "Казань", checkinDate: "2027-04-09", checkoutDate: "2027-04-11", hotelPreferences: "$prefs" },
      {
        status: "ok",
        text: ["только для ранжирования, не фильтр", "из 10 показанных: в диапазоне 10, ниже 0, выше 0"],
        textOnly: ["альтернативы вне диапазона (показать отдельно):"],
        textMatches: [ALTERNATIVE_LINE],
        nextStep: ["inside the band", "alternatives apart"],
      },
      { save: { journeyId: "journeyId", altName: "alternatives.0.name", altPrice: "alternatives.0.price", altWhy: "alternatives.0.why", altSide: "alternatives.0.side" } },
    ),
    // The second page still holds only in-range options while any are left; the alternatives are still named.
    step("tbank_hotels_get_stay_options", { journeyId: "$journeyId", offset: 10 }, { status: "ok", text: ["из 10 показанных: в диапазоне 10, ниже 0, выше 0", "$altName", "$altPrice", "$altWhy"], textMatches: [ALTERNATIVE_LINE] }),
    step(
      "tbank_hotels_compare_stay_options",
      { journeyId: "$journeyId" },
      { status: "ok", text: ["из 5 показанных: в диапазоне 5, ниже 0, выше 0", "$altName", "$altWhy"], textOnly: ["альтернативы вне диапазона (показать отдельно):"], nextStep: ["alternatives apart"] },
    ),
  ],
};
