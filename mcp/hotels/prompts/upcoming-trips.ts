import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { PromptLanguage, promptLang, userMessage } from "./message.js";

const TEXT = {
  ru:
    "Покажи мои предстоящие поездки. Вызови tbank_hotels_list_bookings со status=active и для каждой брони назови отель, город, даты и гостей. " +
    "Подробности по одной брони: tbank_hotels_get_booking_overview с её bookingRef. Если ответ mobile_login_required, попроси меня выполнить `tbank-mcp login` в терминале.",
  en:
    'Show my upcoming trips. Call tbank_hotels_list_bookings with status=active and language="en", and for each booking give the hotel, city, dates and guests. ' +
    "Details of one booking: tbank_hotels_get_booking_overview with its bookingRef. If the answer is mobile_login_required, ask me to run `tbank-mcp login` in a terminal.",
};

/** "My upcoming trips": one list call, then at most one overview. */
export function registerUpcomingTripsPrompt(server: McpServer): void {
  server.registerPrompt(
    "upcoming_trips",
    { title: "My upcoming trips", description: "The person's current and upcoming hotel bookings.", argsSchema: { language: PromptLanguage } },
    ({ language }) => userMessage("My upcoming trips", TEXT[promptLang(language)]),
  );
}
