import { z } from "zod";
import { BrokerError } from "../../shared/protocol/broker-error.js";
import { BANKING_ROUTES, routeCall } from "../../shared/http/routes.js";
import type { ProviderClient } from "./client.js";

export const ProviderTravelSpendingSchema = z.looseObject({
  periodMonths: z.int().min(1).max(120).nullish(),
  stays: z
    .array(
      z.looseObject({
        nights: z.int().min(0).max(365),
        amount: z.looseObject({ value: z.number().finite(), currency: z.string().max(16) }),
      }),
    )
    .max(10_000),
});
export type ProviderTravelSpending = z.infer<typeof ProviderTravelSpendingSchema>;

/** The banking API used by `banking.*` operations; optional in config, so it may be absent. */
export class BankingApi {
  constructor(
    private readonly client: ProviderClient,
    private readonly baseUrl: string | undefined,
  ) {}

  /** False without TBANK_BANKING_API_BASE_URL: every call then fails without leaving the broker. */
  get configured(): boolean {
    return this.baseUrl !== undefined;
  }

  travelSpending(months: number, signal: AbortSignal): Promise<ProviderTravelSpending> {
    if (this.baseUrl === undefined) {
      return Promise.reject(new BrokerError("provider_unavailable", "the banking API is not configured (TBANK_BANKING_API_BASE_URL)", { retryAllowed: false }));
    }
    return this.client.getJson({ ...routeCall(BANKING_ROUTES, this.baseUrl, "banking_travel_spending", {}, { months }), signal }, ProviderTravelSpendingSchema);
  }
}
