import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { PromptLanguage, promptLang, PromptText, userMessage } from "./message.js";

const TEXT = {
  ru: (booking: string) =>
    `Сколько будет стоить отмена брони «${booking}»? Если это не bookingRef (bkr_…), вызови tbank_hotels_list_bookings со status=active и выбери бронь, которая подходит; ` +
    "затем tbank_hotels_preview_cancellation с её bookingRef. Назови штраф, срок бесплатной отмены и скажи, что ничего не отменено. Если ответ mobile_login_required, попроси меня выполнить `tbank-mcp login` в терминале.",
  en: (booking: string) =>
    `What would cancelling the booking "${booking}" cost? If it is not a bookingRef (bkr_…), call tbank_hotels_list_bookings with status=active and pick the booking that fits; ` +
    'then tbank_hotels_preview_cancellation with its bookingRef and language="en". State the penalty and the free-cancellation deadline, and say that nothing was cancelled. If the answer is mobile_login_required, ask me to run `tbank-mcp login` in a terminal.',
};

/** "What does cancelling cost": find the booking, then the read-only cancellation preview. */
export function registerCancellationCostPrompt(server: McpServer): void {
  server.registerPrompt(
    "cancellation_cost",
    {
      title: "What does cancelling cost",
      description: "The penalty and free-cancellation deadline of one booking; cancels nothing.",
      argsSchema: { booking: PromptText.describe("A bookingRef, or the trip in words (city, hotel, dates)"), language: PromptLanguage },
    },
    ({ booking, language }) => userMessage("What does cancelling cost", TEXT[promptLang(language)](booking)),
  );
}
