import { z } from "zod";
import { langOf, type Lang } from "../../../shared/locale.js";
import { quoted } from "../../../shared/provider-text.js";
import type { SaveCalendarEntryResult } from "../../../shared/protocol/ops-hotels.js";
import { success } from "../../shared/outcome.js";
import { defineTool } from "./define.js";
import { BookingReadInput, CustomerBase, READ_ANNOTATIONS, withBroker } from "./customer-common.js";
import { AnyObject, withoutSchemaUrl } from "./schemas.js";

const Output = withoutSchemaUrl(z.object({ ...CustomerBase, entry: AnyObject.optional() }));

const WORDS = {
  ru: { saved: "календарь", floating: "местное время", reminder: "напоминание об отмене" },
  en: { saved: "calendar", floating: "local time", reminder: "cancellation reminder" },
} as const satisfies Record<Lang, Record<string, string>>;

// "2027-03-29T15:00:00.000Z" → "2027-03-29 15:00 UTC"
const utcShort = (iso: string): string => `${iso.slice(0, 16).replace("T", " ")} UTC`;

function entryLine(e: SaveCalendarEntryResult, lang: Lang): string {
  const w = WORDS[lang];
  const zone = e.utcOffset === null ? w.floating : `UTC${e.utcOffset}`;
  const reminder = e.reminderAt === null ? "" : `; ${w.reminder} ${utcShort(e.reminderAt)}`;
  return `${e.hotelName === null ? "—" : quoted(e.hotelName)}: ${e.checkin.replace("T", " ")} → ${e.checkout.replace("T", " ")} (${zone})${reminder}`;
}

export const saveCalendarEntry = defineTool({
  name: "tbank_hotels_save_calendar_entry",
  title: "Save calendar entry",
  description: "Saves a booking as a private .ics calendar file; returns its path and contents.",
  toolset: "customer",
  input: withoutSchemaUrl(BookingReadInput),
  output: Output,
  // It writes a file (0600, beside the vouchers), so it is not read-only.
  annotations: { ...READ_ANNOTATIONS, readOnlyHint: false, idempotentHint: false },
  handler: ({ bookingRef, language }, ctx) =>
    withBroker(
      ctx,
      async (broker) => {
        const lang = langOf(language);
        const e = await broker.call("hotels.save_calendar_entry_v1", { bookingRef, language: lang });
        const { sizeBytes: _size, sha256: _sha, ...entry } = e;
        const nextStep = `give the person the path to open in their calendar app; deleted at ${e.expiresAt}`;
        return success({ status: "ok", entry, nextStep }, ["status=ok", `${WORDS[lang].saved}: ${e.path}`, entryLine(e, lang)]);
      },
      { bookingRef, op: "hotels.save_calendar_entry_v1" },
    ),
});
