import { compareStayOptions } from "./compare-stay-options.js";
import { continueStaySearch } from "./continue-stay-search.js";
import type { AnyToolDef } from "./define.js";
import { findStayDates } from "./find-stay-dates.js";
import { getStayOptionDetails } from "./get-stay-option-details.js";
import { getStayOptions } from "./get-stay-options.js";
import { planStay } from "./plan-stay.js";
import { repeatStayPlan } from "./repeat-stay-plan.js";
import { resolveDestinationTool } from "./resolve-destination.js";
import { selectStayOption } from "./select-stay-option.js";

// The search side of the journey, in tools/list order.
export const SEARCH_TOOLS: readonly AnyToolDef[] = [
  resolveDestinationTool,
  planStay,
  continueStaySearch,
  getStayOptions,
  compareStayOptions,
  getStayOptionDetails,
  selectStayOption,
  repeatStayPlan,
  findStayDates,
];
