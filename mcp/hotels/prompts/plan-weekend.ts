import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { addDays, formatIsoDate, type IsoDate } from "../../../shared/time.js";
import type { HotelsContext } from "../context.js";
import { PromptLanguage, promptLang, PromptText, userMessage } from "./message.js";

const FRIDAY = 5;

/** The coming weekend against today (today itself when it is a Friday): Friday to Sunday, two nights. */
export function comingWeekend(today: IsoDate): { checkinDate: IsoDate; checkoutDate: IsoDate } {
  const day = new Date(`${today}T00:00:00Z`).getUTCDay();
  const checkinDate = addDays(today, (FRIDAY - day + 7) % 7);
  return { checkinDate, checkoutDate: addDays(checkinDate, 2) };
}

const TEXT = {
  ru: (d: string, party: string, inDate: string, outDate: string, w: { checkinDate: string; checkoutDate: string }) =>
    `Подбери отель на выходные: ${d}, ${party}, заезд в пятницу ${inDate}, выезд в воскресенье ${outDate}. ` +
    `Один вызов tbank_hotels_plan_stay: destination="${d}", checkinDate=${w.checkinDate}, checkoutDate=${w.checkoutDate}, rooms из состава гостей (взрослые и возраст каждого ребёнка; спроси только недостающий возраст). ` +
    "Следуй status и nextStep ответа; покажи 3 лучших варианта с итоговой ценой и условиями отмены; подробности: tbank_hotels_get_stay_option_details. Бронь и оплата только на странице продавца (tbank_hotels_create_checkout_handoff).",
  en: (d: string, party: string, inDate: string, outDate: string, w: { checkinDate: string; checkoutDate: string }) =>
    `Find a hotel for the weekend: ${d}, ${party}, check in Friday ${inDate}, check out Sunday ${outDate}. ` +
    `One call to tbank_hotels_plan_stay: destination="${d}", checkinDate=${w.checkinDate}, checkoutDate=${w.checkoutDate}, rooms from the party (adults and each child's age; ask only for a missing age), language="en". ` +
    "Follow the result's status and nextStep; show the best 3 options with the total price and cancellation terms; details: tbank_hotels_get_stay_option_details. Booking and payment only on the seller's page (tbank_hotels_create_checkout_handoff).",
};

/** "Plan a weekend": the dates worked out from today, so the model makes one plan_stay call. */
export function registerPlanWeekendPrompt(server: McpServer, ctx: HotelsContext): void {
  server.registerPrompt(
    "plan_weekend",
    {
      title: "Plan a weekend",
      description: "A hotel for the coming weekend (Friday to Sunday) in a city, for a party.",
      argsSchema: { destination: PromptText.describe("City"), party: PromptText.describe("Who travels, e.g. 2 adults and a child of 5"), language: PromptLanguage },
    },
    ({ destination, party, language }) => {
      const lang = promptLang(language);
      const weekend = comingWeekend(ctx.today());
      const text = TEXT[lang](destination, party, formatIsoDate(weekend.checkinDate, lang), formatIsoDate(weekend.checkoutDate, lang), weekend);
      return userMessage("Plan a weekend stay", text);
    },
  );
}
