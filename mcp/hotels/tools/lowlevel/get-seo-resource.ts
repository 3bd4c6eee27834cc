import { z } from "zod";
import { lowlevelTool } from "./define-lowlevel.js";
import { ApiVersionInput } from "./search-inputs.js";
import { shownUrl } from "./shown-url.js";

export const getSeoResourceTool = lowlevelTool({
  name: "get_seo_resource",
  title: "Provider SEO page",
  description: "The SEO page at a site path (from search_seo): title, description, breadcrumbs; for a journey's hotel prefer tbank_hotels_get_stay_option_details.",
  input: z.strictObject({ path: z.string(), apiVersion: ApiVersionInput }),
  read: async ({ path, apiVersion }, ctx, extra) => {
    const { canonicalUrl, ...page } = await ctx.provider.api.seoResource(path, { signal: extra.signal }, apiVersion);
    return { ...page, canonicalUrl: shownUrl(ctx, canonicalUrl) };
  },
});
