import { App } from "@modelcontextprotocol/ext-apps";
import { StayController } from "./dom/controller.js";

// The hotel journey's MCP App view (issue 33): one self-contained HTML built by
// scripts/build/views.mjs into dist/views/stay.html and served as ui://tbank-hotels/stay.html.
//
// Test hooks (data-testid), for the chromium host test:
//   stay-root                     the view's root element
//   cards-view, stay-cards        the option cards of plan_stay / get_stay_options / continue_stay_search
//   stay-card [data-option-id]    one card; clicking it chooses the hotel
//     stay-card-name, stay-card-price, stay-card-rating, stay-card-distance, stay-card-photo, stay-card-choose
//   stay-line, price-band         the search as asked; the person's price band, when given
//   stay-more                     the next page of options (get_stay_options)
//   alternatives                  the band's alternatives, apart from the cards
//   stay-map, map-point [data-option-id]   the locally drawn map and its pins
//   compare-view, compare-table, compare-row, compare-choose [data-option-id]
//   details-view [data-option-id], details-photo, details-amenities, details-reviews, review-quote, details-choose
//   selected-view, show-rates     select_stay_option's card; its rates on request
//   rates-view, rate-row [data-rate-number], rate-price, rate-choose
//   rate-selected-view            select_stay_rate's confirmation
//   notice                        a refusal or failure, by status
//   status-line                   loading / failure of the view's own calls
//   back                          back to the list a choice in the view left

const root = document.getElementById("root");
if (root) {
  const app = new App({ name: "tbank-hotels-stay", version: "1.0.0" }, {}, { autoResize: true });
  const view = new StayController(app, root);
  // Listeners go on before connect(): the host may send the tool's input and result right after the handshake.
  app.addEventListener("toolinput", (params) => view.toolInput(params.arguments));
  app.addEventListener("toolresult", (result) => view.toolResult(result));
  app.addEventListener("hostcontextchanged", () => view.hostContext(app.getHostContext()));
  void app.connect().then(() => view.hostContext(app.getHostContext()));
}
