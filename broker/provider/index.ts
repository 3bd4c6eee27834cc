export { ProviderClient, type ProviderClientOptions } from "./client.js";
export type { FetchLike, OpenResponse } from "../../shared/http/provider-http.js";
export { HotelsCustomerApi } from "./hotels.js";
export { HotelsWritesApi } from "./hotels-writes.js";
export { BankingApi, type ProviderTravelSpending } from "./banking.js";
export { brokerError, streamError, tooLarge } from "./errors.js";
