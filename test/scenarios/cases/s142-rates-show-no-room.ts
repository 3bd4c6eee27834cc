import { journeyStep, planStay } from "../journey-steps.js";
import { cheapestUnderCap, fitFacts } from "../fit-facts.js";
import type { Scenario } from "../types.js";

// Казань for two adults and a child of 5 under 12 000 ₽ a night: the cheapest hotel whose search
// item does not state its room's size and whose rooms all hold two. Its rates settle it: the cap
// then removes it, and the listing says how many went and why.
const stay = { checkinDate: "2027-03-12", checkoutDate: "2027-03-14", guests: [{ adultsCount: 2, childrenAges: [5] }] };
const CAP = 12_000;
const listed = cheapestUnderCap(fitFacts("Казань", stay), CAP);
const index = listed.findIndex((f) => f.fit === "unknown" && !f.hotel.feedWithoutId && f.rates.every((r) => r.maxOccupancy < 3));
if (index < 0) throw new Error("s142: no Казань hotel of unknown room size without a room for three under the cap");

export const scenario: Scenario = {
  id: "s142",
  title: "A hotel whose room size the search did not state turns out to have no room for three: the listing drops it and says how many and why",
  request: "Мы с мужем и дочкой 5 лет, Казань 12–14 марта, до 12 000 за ночь, подешевле. А вот в этом есть номер на троих? Покажи список ещё раз",
  budgetTokens: 3200,
  steps: [
    planStay(
      { destination: "Казань", checkinDate: stay.checkinDate, checkoutDate: stay.checkoutDate, rooms: [{ adults: 2, childrenAges: [5] }], ranking: "lowest_price", maxOptions: index + 1, maxPricePerNight: { amount: CAP, currency: "RUB" } },
      { status: "ok", textOnly: ["есть ли номер на 3 гостей — пока неизвестно"] },
      { save: { journeyId: "journeyId", optionId: `options.${index}.optionId` } },
    ),
    journeyStep("tbank_hotels_select_stay_option", { optionId: "$optionId" }, { status: "ok" }),
    journeyStep("tbank_hotels_get_selected_stay_rates", {}, { status: "ready", text: ["номер на 2 гостей — меньше, чем 3 в номере по запросу"] }),
    journeyStep("tbank_hotels_get_stay_options", { limit: 2 }, { status: "ok", text: ["после загрузки тарифов: убрано фильтрами 1 (нет номера на 3 гостей: 1)"], notText: ["$optionId"] }),
  ],
};
