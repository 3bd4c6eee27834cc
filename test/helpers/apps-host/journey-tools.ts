// The tools a view may call through the host (issue 33): the journey's reads and its two
// selections. Anything else from a view (a write, a handoff, the person's bookings or profile) is a
// violation the host records and refuses.
export const VIEW_TOOLS: ReadonlySet<string> = new Set([
  "tbank_hotels_plan_stay",
  "tbank_hotels_continue_stay_search",
  "tbank_hotels_get_stay_options",
  "tbank_hotels_compare_stay_options",
  "tbank_hotels_get_stay_option_details",
  "tbank_hotels_get_selected_stay_rates",
  "tbank_hotels_select_stay_option",
  "tbank_hotels_select_stay_rate",
]);
