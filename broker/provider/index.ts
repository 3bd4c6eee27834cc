export { ProviderClient, endpoint, type FetchLike, type OpenResponse, type ProviderClientOptions } from "./client.js";
export { HotelsApi } from "./hotels.js";
export { BankingApi, type ProviderTravelSpending } from "./banking.js";
export { cappedChunks, checkDeclaredLength, readCapped, MAX_JSON_BYTES } from "./capped.js";
export { badResponse, safeRequestId, statusError, transportError } from "./errors.js";
