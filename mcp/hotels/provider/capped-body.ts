export { BodyTooLarge, declaredTooLarge, discard, readCapped } from "../../../shared/http/capped-body.js";

/** The largest provider response this process will hold. */
export const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;
