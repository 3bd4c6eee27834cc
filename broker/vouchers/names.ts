import { SAVED_VOUCHER_NAME } from "../../shared/paths.js";

// File names come from a fresh random id, never from the order: a directory listing shows nothing
// about whose booking it is. Only names of these shapes are ever swept or deleted: vouchers and the
// calendar entries saved beside them share one directory, one TTL and one sweep.
const ID = "[A-Za-z0-9_-]{22}";

/** What the broker saves in the voucher directory, and the extension each kind is saved with. */
export const SAVED_KINDS = { voucher: "pdf", calendar: "ics" } as const;
export type SavedKind = keyof typeof SAVED_KINDS;

const CALENDAR = new RegExp(`^calendar-${ID}\\.ics$`);
const TEMP = new RegExp(`^\\.(?:voucher|calendar)-${ID}\\.tmp$`);

export function finalName(id: string, kind: SavedKind = "voucher"): string {
  return `${kind}-${id}.${SAVED_KINDS[kind]}`;
}

export function tempName(id: string, kind: SavedKind = "voucher"): string {
  return `.${kind}-${id}.tmp`;
}

export function classifyName(name: string): "final" | "temp" | undefined {
  if (SAVED_VOUCHER_NAME.test(name) || CALENDAR.test(name)) return "final";
  if (TEMP.test(name)) return "temp";
  return undefined;
}
