import { createCatalog } from "../../../scripts/sandbox/data/catalog.js";
import { searchPriceFor } from "../../../scripts/sandbox/data/pricing.js";
import { decimalFromProviderNumber, formatMoney } from "../../../shared/money.js";
import { journeyStep, planStay } from "../journey-steps.js";
import { EVAL_SEED } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

// The sandbox's Sochi hotels priced in dollars at most $200 a night for this stay, cheapest first.
const stay = { checkinDate: "2027-04-09", checkoutDate: "2027-04-11", guests: [{ adultsCount: 2, childrenAges: [] }] };
const catalog = createCatalog(EVAL_SEED, () => "http://sandbox.invalid");
const sochi = catalog.locations.find((l) => l.name === "Сочи");
if (!sochi) throw new Error("s094: no Сочи");
const usd = catalog
  .hotelsOf(sochi.id)
  .filter((h) => h.currency === "USD" && h.hasRates)
  .map((h) => searchPriceFor(EVAL_SEED, h, stay, sochi.profile.utcOffset).value)
  .filter((total) => total / 2 <= 200)
  .sort((a, b) => a - b);
const [cheapest, second] = usd.map((v) => formatMoney(decimalFromProviderNumber(v), "USD", "en"));
if (!cheapest || !second) throw new Error("s094: fewer than two USD hotels under $200 in Сочи");

export const scenario: Scenario = {
  id: "s094",
  title: "English, Sochi, cheapest first under a 200 USD cap: the USD options left are sorted by price, and nothing of ours is in Russian",
  request: "Sochi, April 9–11, two adults. Only places priced in dollars, under $200 a night — cheapest first, in English please",
  budgetTokens: 2400,
  steps: [
    planStay(
      { destination: "Sochi", checkinDate: "2027-04-09", checkoutDate: "2027-04-11", language: "en", ranking: "lowest_price", maxPricePerNight: { amount: 200, currency: "USD" }, maxOptions: 5 },
      { status: "ok", text: ["ranking=lowest_price", `from ${cheapest} for 2 nights`, `from ${second} for 2 nights`], textMatches: [`\\n1\\. [^\\n]*from \\$${cheapest.slice(1)} for 2 nights`, `\\n2\\. [^\\n]*from \\$${second.slice(1)} for 2 nights`], notText: ["вар.", "не сравниваются", "дороже диапазона", "тарифов"] },
      { save: { journeyId: "journeyId" } },
    ),
    journeyStep("tbank_hotels_compare_stay_options", {}, { status: "ok", notText: ["вар.", "не сравниваются", "Покажите"] }),
  ],
};
