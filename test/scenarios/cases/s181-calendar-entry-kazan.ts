import { TEST_EPOCH } from "../../fixtures/clock.js";
import { listBookings, step } from "../journey-steps.js";
import { bookingIn } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

const kazan = bookingIn("Казань");
const zone = kazan.freeCancellationUntil ? `(UTC${kazan.freeCancellationUntil.slice(-6)})` : "(местное время)";
const reminderAhead = kazan.freeCancellationUntil !== undefined && Date.parse(kazan.freeCancellationUntil) > TEST_EPOCH + 2 * 86_400_000;

export const scenario: Scenario = {
  id: "s181",
  title: "Бронь в Казани в календарь: путь к личному .ics, отель, заезд и выезд по времени отеля, напоминание об отмене",
  request: "Добавь мою бронь в Казани в календарь",
  budgetTokens: 600,
  setup: { login: true },
  steps: [
    listBookings({ limit: 3 }, { status: "ok", text: [kazan.hotelName] }, { kazan: "Казань" }),
    step(
      "tbank_hotels_save_calendar_entry",
      { bookingRef: "$kazan" },
      {
        status: "ok",
        isError: false,
        text: [kazan.hotelName, kazan.checkinDate, kazan.checkoutDate],
        textOnly: ["календарь: ", zone, ...(reminderAhead ? ["напоминание об отмене"] : [])],
        textMatches: ["/vouchers/calendar-[A-Za-z0-9_-]{22}\\.ics\\n", `${kazan.checkinDate} \\d{2}:\\d{2} → ${kazan.checkoutDate} \\d{2}:\\d{2}`],
        nextStep: ["give the person the path", "deleted at"],
        notText: ["BEGIN:VCALENDAR", "Анна", "Смирнова", "ord_"],
        maxTokens: 170,
      },
    ),
  ],
};
