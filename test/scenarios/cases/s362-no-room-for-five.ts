import { step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

// Five adults in one room: no Казань room is known to hold them on any date of the window, and the
// answer says so per date (with how many hotels it looked at) instead of an empty calendar.
export const scenario: Scenario = {
  id: "s362",
  title: "Flexible dates: nothing fits a party of five in one room on any date; said per date, with the next step",
  request: "Нас пятеро взрослых, хотим один номер в Казани на ночь, заезд 8, 9 или 10 марта — когда дешевле?",
  budgetTokens: 700,
  steps: [
    step(
      "tbank_hotels_find_stay_dates",
      { destination: "Казань", rooms: [{ adults: 5 }], checkinFrom: "2027-03-08", checkinTo: "2027-03-10", nights: 1 },
      {
        status: "no_matching_stays",
        isError: false,
        retryAllowed: false,
        text: ["2027-03-08 пн: no room known to hold the party", "2027-03-10 ср: no room known to hold the party", "searched 3 of 3 dates"],
        nextStep: ["fewer guests per room"],
        notText: ["cheapest"],
      },
    ),
  ],
};
