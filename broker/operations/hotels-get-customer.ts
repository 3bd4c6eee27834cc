import { toIsoTimestamp } from "../../shared/time.js";
import type { OperationHandler } from "../types.js";
import type { OperationDeps } from "./deps.js";
import { providerTextOrNull } from "../../shared/provider-text.js";

// Proves customer reads work; the first name is the only personal fact that leaves the broker.
export function hotelsGetCustomer({ hotels, now }: Pick<OperationDeps, "hotels" | "now">): OperationHandler<"hotels.get_customer"> {
  return async (_args, req) => {
    const customer = await hotels.customer(req.signal);
    return {
      customer: {
        firstName: providerTextOrNull(customer.firstName, "name"),
        hasEmail: typeof customer.email === "string" && customer.email.trim() !== "",
        hasPhone: typeof customer.phone === "string" && customer.phone.trim() !== "",
      },
      observedAt: toIsoTimestamp(now()),
    };
  };
}
