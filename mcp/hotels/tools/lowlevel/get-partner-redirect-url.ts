import { z } from "zod";
import { lowlevelTool } from "./define-lowlevel.js";
import { shownUrl } from "./shown-url.js";

export const getPartnerRedirectUrlTool = lowlevelTool({
  name: "get_partner_redirect_url",
  title: "Provider partner redirect URL",
  description: "The URL a deeplink token sends a person to, as data (never followed; null unless https); to hand a stay over prefer tbank_hotels_create_checkout_handoff.",
  input: z.strictObject({ token: z.string() }),
  read: async ({ token }, ctx, extra) => {
    const answer = await ctx.provider.api.partnerRedirectUrl(token, { signal: extra.signal });
    const url = shownUrl(ctx, answer.url);
    return { ...answer, url, ...(url === null ? { urlWithheld: true } : {}) };
  },
});
