import { BrokerError } from "../../shared/protocol/broker-error.js";
import type { OperationHandler } from "../types.js";
import type { OperationDeps } from "./deps.js";
import { perNightBand } from "./preference-band.js";

export const PREFERENCE_PERIOD_MONTHS = 12;

// Only the derived band leaves the broker: no stays, cities, dates, accounts or totals.
export function bankingGetHotelPreferences({ banking }: Pick<OperationDeps, "banking">): OperationHandler<"banking.get_hotel_preferences"> {
  return async (_args, req) => {
    const spending = await banking.travelSpending(PREFERENCE_PERIOD_MONTHS, req.signal);
    const band = perNightBand(spending);
    if (!band) throw new BrokerError("provider_error", "no hotel stays in roubles in the last 12 months to derive preferences from");
    return {
      hotelPreferences: {
        pricePerNight: { min: band.min, max: band.max, currency: band.currency },
        ranking: "best_value",
        showAlternativesOutsideBand: true,
      },
      basis: { staysCount: band.staysCount, periodMonths: spending.periodMonths ?? PREFERENCE_PERIOD_MONTHS },
    };
  };
}
