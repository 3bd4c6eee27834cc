import { journeyStep, planStay, step } from "../journey-steps.js";
import { kazanHotel, KAZAN_WEEKEND } from "../sandbox-facts.js";
import { cashbackOf, KAZAN_MAX_CASHBACK, kazanPick } from "../value-facts.js";
import type { Scenario } from "../types.js";

// The Казань hotel with the most cashback among the first ten, and another with some: each card says
// its percent as the sandbox states it, the plan says the search's maximum and the cap once, and no
// answer turns a percent into a rouble sum of its own.
const top = Math.max(...[...Array(10).keys()].map((p) => cashbackOf(kazanHotel(p))));
const best = kazanPick((f) => cashbackOf(f) === top);
const other = kazanPick((f) => cashbackOf(f) > 0 && cashbackOf(f) !== cashbackOf(best.facts));
const none = kazanPick((f) => cashbackOf(f) === 0);
// Cards carry `cashback: "7 %"` (the key names it); the text line says «кешбэк 7 %».
const pct = (n: number) => `кешбэк ${n} %`;
const cap = `${String(KAZAN_MAX_CASHBACK.cap).replace(/\B(?=(\d{3})+(?!\d))/gu, "\u00a0")}\u00a0₽`;

export const scenario: Scenario = {
  id: "s100",
  title: "«Сколько кешбэка?»: each card says its cashback percent, the plan the maximum and the cap; no computed rouble sum",
  request: "Хочу отель в Казани на 12–14 марта, нас двое. Сколько кешбэка я получу? Покажи, где кешбэк больше, и сравни пару вариантов",
  budgetTokens: 2200,
  steps: [
    planStay(
      { destination: "Казань", checkinDate: KAZAN_WEEKEND.checkinDate, checkoutDate: KAZAN_WEEKEND.checkoutDate },
      {
        status: "ok",
        text: [`кешбэк до ${KAZAN_MAX_CASHBACK.percent} %, не более ${cap} за бронь`, pct(cashbackOf(best.facts)), pct(cashbackOf(other.facts))],
        textMatches: [`\\n${best.position + 1}\\. [^\\n]*${best.facts.hotel.name}[^\\n]*${pct(cashbackOf(best.facts))}`, `\\n${none.position + 1}\\. (?![^\\n]*кешбэк)[^\\n]*\\n`],
        notText: ["₽ кешбэка", "кешбэк: нет данных"],
      },
      { save: { journeyId: "journeyId", best: `options.${best.position}.optionId`, other: `options.${other.position}.optionId` } },
    ),
    step(
      "tbank_hotels_compare_stay_options",
      { journeyId: "$journeyId", optionIds: ["$other", "$best"] },
      { status: "ok", text: [`${cashbackOf(best.facts)} %`, `${cashbackOf(other.facts)} %`], textOnly: [pct(cashbackOf(best.facts)), pct(cashbackOf(other.facts))], notText: ["₽ кешбэка"] },
    ),
    journeyStep("tbank_hotels_select_stay_option", { optionId: "$best" }, { status: "ok", text: [best.facts.hotel.name, `${cashbackOf(best.facts)} %`], textOnly: [pct(cashbackOf(best.facts))] }),
  ],
};
