import type { AnyToolDef } from "../define.js";
import { getAvailableTrancheAmountTool } from "./get-available-tranche-amount.js";
import { getBnplOfferTool } from "./get-bnpl-offer.js";
import { getCashbackPercentTool } from "./get-cashback-percent.js";
import { getDeeplinkTokenTool } from "./get-deeplink-token.js";
import { getMaxCashbackTool } from "./get-max-cashback.js";
import { getPartnerRedirectUrlTool } from "./get-partner-redirect-url.js";
import { getRateUpgradeTool } from "./get-rate-upgrade.js";
import { getSeoResourceTool } from "./get-seo-resource.js";
import { searchSeoTool } from "./search-seo.js";
import { searchUrlsTool } from "./search-urls.js";
import { validatePromocodeTool } from "./validate-promocode.js";

/** The low-level value reads (cashback, promo, upgrade, SEO and URLs, deeplinks, instalments), in tools/list order. */
export const LOWLEVEL_VALUE_TOOLS: readonly AnyToolDef[] = [
  getCashbackPercentTool,
  getMaxCashbackTool,
  validatePromocodeTool,
  getRateUpgradeTool,
  searchSeoTool,
  searchUrlsTool,
  getSeoResourceTool,
  getDeeplinkTokenTool,
  getPartnerRedirectUrlTool,
  getAvailableTrancheAmountTool,
  getBnplOfferTool,
];
