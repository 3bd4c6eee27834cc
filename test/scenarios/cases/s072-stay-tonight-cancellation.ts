import { kazanHotel } from "../sandbox-facts.js";
import { journeyStep, planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { TEST_EPOCH } from "../../fixtures/clock.js";
import { addDays, isoDateAt } from "../../../shared/time.js";

const TODAY = isoDateAt(() => TEST_EPOCH, 180);

// A stay starting today: every free-cancellation deadline (18:00 local, days before check-in) is
// already past, so none may read as a benefit.
const tonight = { checkinDate: TODAY, checkoutDate: addDays(TODAY, 1), guests: [{ adultsCount: 2, childrenAges: [] }] };
const position = [...Array(10).keys()].find((p) => {
  const f = kazanHotel(p, tonight);
  return f.hotel.hasRates && !f.hotel.feedWithoutId && f.rates.some((r) => r.cancellation.freeCancellationUntil !== null) && f.rates.some((r) => r.cancellationKind === "non_refundable");
});
if (position === undefined) throw new Error("s072: no Казань hotel with both free and non-refundable rates among the first ten");

export const scenario: Scenario = {
  id: "s072",
  title: "A stay starting tonight: today and the city's offset are stated; past free-cancellation deadlines read as ended, never as a benefit",
  request: "Нужен отель в Казани на сегодня на одну ночь. Если что — можно будет бесплатно отменить?",
  budgetTokens: 2400,
  steps: [
    planStay(
      { destination: "Казань", checkinDate: tonight.checkinDate, checkoutDate: tonight.checkoutDate },
      { status: "ok", text: [`today=${TODAY}`, "UTC+03:00"], notText: ["бесплатная отмена до"] },
      { save: { journeyId: "journeyId", optionId: `options.${position}.optionId` } },
    ),
    journeyStep("tbank_hotels_select_stay_option", { optionId: "$optionId" }, { status: "ok", notText: ["бесплатная отмена до"] }),
    journeyStep("tbank_hotels_get_selected_stay_rates", {}, { status: "ready", text: ["бесплатная отмена закончилась", "; штраф от ", "невозвратный тариф"], textOnly: ["| Оплата |"], notText: ["бесплатная отмена до"] }),
  ],
};
