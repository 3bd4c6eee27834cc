import { journeyStep, planStay } from "../journey-steps.js";
import { cheapestUnderCap, fitFacts } from "../fit-facts.js";
import { rub, rubPattern } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

// Two adults and a child of 7 in one room, Казань, at most 12 000 ₽ a night: the three cheapest
// hotels with a room for three, priced at that room.
const stay = { checkinDate: "2027-03-12", checkoutDate: "2027-03-14", guests: [{ adultsCount: 2, childrenAges: [7] }] };
const CAP = 12_000;
const facts = fitFacts("Казань", stay);
const top = cheapestUnderCap(facts, CAP).slice(0, 3);
if (top.length < 3 || top.some((f) => f.fit !== "fits")) throw new Error("s140: fewer than three Казань hotels with a room for three under the cap");
const noRoom = facts.filter((f) => f.fit === "does_not_fit").length;
const removed = facts.filter((f) => f.fit === "does_not_fit" || f.perNight > CAP).length;

export const scenario: Scenario = {
  id: "s140",
  title: "Family of three in one room under a cap: the cheapest hotels that have a room for three, priced at it; those without one are counted, not listed",
  request: "Нам двоим и сыну 7 лет нужен отель в Казани на 12–14 марта, до 12 000 за ночь — самые дешёвые, где нам хватит места. Сравни их",
  budgetTokens: 2600,
  steps: [
    planStay(
      { destination: "Казань", checkinDate: stay.checkinDate, checkoutDate: stay.checkoutDate, rooms: [{ adults: 2, childrenAges: [7] }], ranking: "lowest_price", maxOptions: 3, maxPricePerNight: { amount: CAP, currency: "RUB" } },
      {
        status: "ok",
        text: [...top.map((f) => `${rub(f.total)} за 2 ночи`), `removed ${removed} (${noRoom} noRoomForParty)`],
        // The structured cards say it as roomFit: "fits".
        textOnly: ["есть номер на 3 гостей"],
        textMatches: top.map((f, i) => `\\n${i + 1}\\. [^\\n]*${rubPattern(f.total)} за 2 ночи[^\\n]*есть номер на 3 гостей`),
        notText: ["нет номера", "меньше, чем 3"],
      },
      { save: { journeyId: "journeyId" } },
    ),
    journeyStep("tbank_hotels_compare_stay_options", {}, {
      status: "ok",
      text: [`${rub(top[0]!.total)} за 2 ночи`],
      textOnly: ["есть номер на 3 гостей"],
      textMatches: top.map((f, i) => `\\n${i + 1}\\. [^\\n]*${rubPattern(f.total)} за 2 ночи`),
      notText: ["нет номера", "меньше, чем 3"],
    }),
  ],
};
