import { TEST_EPOCH } from "../../fixtures/clock.js";
import { listBookings, step } from "../journey-steps.js";
import { bookingIn } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

const ekb = bookingIn("Екатеринбург", "en");
// The times are at the offset the booking's deadline carries; without a deadline, floating.
const zone = ekb.freeCancellationUntil ? `(UTC${ekb.freeCancellationUntil.slice(-6)})` : "(local time)";
const reminderAhead = ekb.freeCancellationUntil !== undefined && Date.parse(ekb.freeCancellationUntil) > TEST_EPOCH + 2 * 86_400_000;

export const scenario: Scenario = {
  id: "s180",
  title: "English: the person adds their Yekaterinburg stay to their calendar: a private .ics path, the hotel, check-in and check-out as the hotel's local times (this booking has no deadline to date an offset from)",
  request: "Add my Yekaterinburg hotel booking to my calendar, please.",
  budgetTokens: 600,
  setup: { login: true },
  steps: [
    listBookings({ limit: 3, language: "en" }, { status: "ok", text: [ekb.hotelName] }, { ekb: "Екатеринбург" }),
    step(
      "tbank_hotels_save_calendar_entry",
      { bookingRef: "$ekb", language: "en" },
      {
        status: "ok",
        isError: false,
        text: [ekb.hotelName, ekb.checkinDate, ekb.checkoutDate],
        textOnly: ["calendar: ", zone, ...(reminderAhead ? ["cancellation reminder"] : [])],
        textMatches: ["/vouchers/calendar-[A-Za-z0-9_-]{22}\\.ics\\n", `${ekb.checkinDate} \\d{2}:\\d{2} → ${ekb.checkoutDate} \\d{2}:\\d{2}`],
        nextStep: ["give the person the path", "deleted at"],
        notText: ["BEGIN:VCALENDAR", "Анна", "Смирнова", "ord_"],
        maxTokens: 170,
      },
    ),
  ],
};
