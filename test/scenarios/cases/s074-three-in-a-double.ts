import { journeyStep, planStay } from "../journey-steps.js";
import { fitFacts } from "../fit-facts.js";
import { kazanHotel, KAZAN_WEEKEND, rub } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

// A hotel with a two-guest room among its rates and a room for three, for three adults in one room.
// Hotels not known to have a room for three move after those that have one: its card's index counts
// only the hotels before it with a room for three.
const three = { ...KAZAN_WEEKEND, guests: [{ adultsCount: 3, childrenAges: [] }] };
const fits = fitFacts("Казань", three);
const position = [...Array(10).keys()].find((p) => {
  const f = kazanHotel(p, three);
  return f.hotel.hasRates && !f.hotel.feedWithoutId && f.rates.some((r) => r.maxOccupancy < 3) && fits[p]?.fit === "fits";
});
if (position === undefined) throw new Error("s074: no Казань hotel with a double room among the first ten");
// Once its rates are loaded, the card's price is the cheapest rate whose room holds three.
const index = fits.slice(0, position).filter((x) => x.fit === "fits").length;
const fitting = rub(Math.min(...kazanHotel(position, three).rates.filter((r) => r.maxOccupancy >= 3 && r.bookHash !== "").map((r) => r.price.value)));

export const scenario: Scenario = {
  id: "s074",
  title: "Three adults in one room: rates whose room holds two say so; two rooms: totals name both rooms and the per-room figure",
  request: "Мы втроём, один номер, Казань 12–14 марта — какие варианты нам подойдут? А если взять два номера?",
  budgetTokens: 3100,
  steps: [
    planStay(
      { destination: "Казань", checkinDate: three.checkinDate, checkoutDate: three.checkoutDate, rooms: [{ adults: 3, childrenAges: [] }] },
      { status: "ok" },
      { save: { journeyId: "journeyId", optionId: `options.${index}.optionId` } },
    ),
    journeyStep("tbank_hotels_select_stay_option", { optionId: "$optionId" }, { status: "ok" }),
    journeyStep("tbank_hotels_get_selected_stay_rates", {}, { status: "ready", text: ["номер на 2 гостей — меньше, чем 3 в номере по запросу"] }),
    journeyStep("tbank_hotels_get_stay_options", { offset: index, limit: 1 }, { status: "ok", text: [`${fitting} за 2 ночи`], notText: ["· от "] }),
    planStay(
      { destination: "Казань", checkinDate: three.checkinDate, checkoutDate: three.checkoutDate, maxOptions: 3, rooms: [{ adults: 2, childrenAges: [] }, { adults: 1, childrenAges: [] }] },
      { status: "ok", text: ["за 2 номера, 2 ночи (в среднем", "за номер в ночь"] },
    ),
  ],
};
