import { z } from "zod";
import { lowlevelTool } from "./define-lowlevel.js";
import { ApiVersionInput } from "./search-inputs.js";

export const searchSeoTool = lowlevelTool({
  name: "search_seo",
  title: "Provider SEO search",
  description: "SEO pages (cities; hotels within destinationId) whose name contains query; to plan a stay prefer tbank_hotels_plan_stay.",
  input: z.strictObject({ query: z.string(), destinationId: z.string().optional(), limit: z.number().optional(), apiVersion: ApiVersionInput }),
  read: ({ apiVersion, ...query }, ctx, extra) => ctx.provider.api.seoSearch(query, { signal: extra.signal }, apiVersion),
});
