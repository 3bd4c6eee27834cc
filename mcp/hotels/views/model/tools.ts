// The only tools the view calls through the host: journey reads that record a choice in the
// journey, nothing that books, pays, hands off or reads the person's data (DESIGN.md §4.3).
export const VIEW_TOOLS = {
  page: "tbank_hotels_get_stay_options",
  selectOption: "tbank_hotels_select_stay_option",
  rates: "tbank_hotels_get_selected_stay_rates",
  selectRate: "tbank_hotels_select_stay_rate",
} as const;
export type ViewTool = (typeof VIEW_TOOLS)[keyof typeof VIEW_TOOLS];
