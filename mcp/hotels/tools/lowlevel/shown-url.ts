import { providerUrl } from "../../../../shared/provider-text.js";
import type { HotelsContext } from "../../context.js";

/**
 * A URL from a provider answer is data: no tool follows it, and it is shown only when it is https
 * or on the configured API origin (the sandbox's loopback). Anything else (http elsewhere,
 * `javascript:`, `data:`, credentials in the URL) becomes null, so a client never renders it as a link.
 */
export function shownUrl(ctx: Pick<HotelsContext, "config">, value: string | undefined): string | null {
  return providerUrl(value, new URL(ctx.config.hotels.apiBaseUrl).origin);
}
