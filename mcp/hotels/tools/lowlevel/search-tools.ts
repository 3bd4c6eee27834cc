import type { AnyToolDef } from "../define.js";
import { getFilterAvailabilityTool } from "./get-filter-availability.js";
import { getHotelRatesTool } from "./get-hotel-rates.js";
import { getHotelTool } from "./get-hotel.js";
import { getMapHotelsTool } from "./get-map-hotels.js";
import { getRateTool } from "./get-rate.js";
import { getReviewOrderStatusTool } from "./get-review-order-status.js";
import { getReviewsTool } from "./get-reviews.js";
import { getSearchFiltersTool } from "./get-search-filters.js";
import { searchMapTool } from "./search-map.js";
import { searchPointsOfInterestTool } from "./search-points-of-interest.js";
import { searchTool } from "./search.js";

/** The low-level search reads, in tools/list order. */
export const LOWLEVEL_SEARCH_TOOLS: readonly AnyToolDef[] = [
  searchTool,
  getSearchFiltersTool,
  getFilterAvailabilityTool,
  searchMapTool,
  getMapHotelsTool,
  searchPointsOfInterestTool,
  getHotelTool,
  getHotelRatesTool,
  getRateTool,
  getReviewsTool,
  getReviewOrderStatusTool,
];
