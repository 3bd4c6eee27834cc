import { createCatalog } from "../../../scripts/sandbox/data/catalog.js";
import { haversineKm as distanceKm, landmarksOf } from "../../../scripts/sandbox/data/landmarks.js";
import { planStay } from "../journey-steps.js";
import { EVAL_SEED } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

// The Kazan hotels within 2 km of the Kremlin, in provider order, as the sandbox places them.
const catalog = createCatalog(EVAL_SEED, () => "http://sandbox.invalid");
const kazan = catalog.locations.find((l) => l.name === "Казань")!;
const kremlin = landmarksOf(kazan).find((l) => l.name === "Казанский Кремль")!;
const hotels = catalog.hotelsOf(kazan.id);
const close = hotels.filter((h) => distanceKm(h.coordinates, kremlin.coordinates) <= 2);
const first = close[0];
if (!first || close.length === hotels.length) throw new Error("s096 needs some but not all Kazan hotels within 2 km of the Kremlin");
const km = (n: number) => n.toFixed(1).replace(".", ",");

export const scenario: Scenario = {
  id: "s096",
  title: "Near a landmark: «рядом с Кремлём, не дальше 2 км» resolves the Kremlin, cards say the distance to it, and maxDistanceKm measures from it",
  request: "Найди отель в Казани рядом с Кремлём, не дальше 2 км, на 12–14 марта, нас двое",
  budgetTokens: 2000,
  steps: [
    planStay(
      { destination: "Казань", near: "Кремль", maxDistanceKm: 2, checkinDate: "2027-03-12", checkoutDate: "2027-03-14" },
      {
        status: "ok",
        text: [
          'рядом с "Казанский Кремль"',
          `${first.name}`,
          `${km(distanceKm(first.coordinates, kremlin.coordinates))} км до "Казанский Кремль"`,
          `${close.length} of ${hotels.length} remain`,
        ],
        notText: ["км до центра"],
      },
    ),
  ],
};
