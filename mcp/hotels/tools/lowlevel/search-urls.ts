import { z } from "zod";
import { lowlevelTool } from "./define-lowlevel.js";
import { ApiVersionInput } from "./search-inputs.js";
import { shownUrl } from "./shown-url.js";

export const searchUrlsTool = lowlevelTool({
  name: "search_urls",
  title: "Provider page URLs",
  description: "Public page URLs of a destination and its hotels, paged, as data (null unless https); to plan a stay prefer tbank_hotels_plan_stay.",
  input: z.strictObject({ destinationId: z.string(), offset: z.number().optional(), limit: z.number().optional(), apiVersion: ApiVersionInput }),
  read: async ({ apiVersion, ...query }, ctx, extra) => {
    const answer = await ctx.provider.api.seoUrls(query, { signal: extra.signal }, apiVersion);
    return { ...answer, items: answer.items.map((item) => ({ ...item, url: shownUrl(ctx, item.url) })) };
  },
});
