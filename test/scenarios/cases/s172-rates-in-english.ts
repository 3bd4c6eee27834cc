import { MEAL_EN, ROOM_EN } from "../english-facts.js";
import { journeyStep, planStay } from "../journey-steps.js";
import { kazanHotel, KAZAN_WEEKEND } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

// The second Казань card: its supplier names rooms and meals in Russian. An English answer says them
// in English; none of the Russian names is left in either channel.
const { hotel, rates } = kazanHotel(1);
const rooms = [...new Set(rates.map((r) => r.roomName))];
const meals = [...new Set(rates.flatMap((r) => (r.mealName === null ? [] : [r.mealName])))];
const english = [...rooms.map((r) => ROOM_EN[r]), ...meals.map((m) => MEAL_EN[m])];
if (english.some((e) => e === undefined) || meals.length < 2) throw new Error("s172 needs known room names and two meal names");

export const scenario: Scenario = {
  id: "s172",
  title: "English rates: the supplier's Russian room and meal names said in English, in the table and the structured rates",
  request: `Kazan, March 12–14, two adults. Show me the rates at ${hotel.name}: which room, and is breakfast included?`,
  budgetTokens: 3000,
  steps: [
    planStay(
      { destination: "Kazan", language: "en", checkinDate: KAZAN_WEEKEND.checkinDate, checkoutDate: KAZAN_WEEKEND.checkoutDate },
      { status: "ok" },
      { save: { journeyId: "journeyId", optionId: "options.1.optionId" } },
    ),
    journeyStep("tbank_hotels_select_stay_option", { optionId: "$optionId" }, { status: "ok", text: [hotel.name] }),
    journeyStep("tbank_hotels_get_selected_stay_rates", {}, { status: "ready", text: english as string[], textOnly: ["| # | Room | Meals"], notText: [...rooms, ...meals] }),
  ],
};
