import type { ApprovalRoom, PendingApproval } from "../protocol/ops-hotels-writes.js";

// What the person reads before approving, as labelled lines: the loopback page and `tbank-mcp
// approve` both render these, so the two channels cannot show different facts. Values are the
// display's own strings (provider text included): each channel escapes them for its medium.

export interface ApprovalLine {
  ru: string;
  en: string;
  /** Empty: no fact ("—"). */
  values: string[];
  /** Shown as a list (rooms, effects) rather than one value. */
  list: boolean;
}

/** "Room 1 (2 adults, child 7): Ivan Petrov, Anna Petrova": a room with its own guests. */
export function roomLine(room: ApprovalRoom, index: number): string {
  const who = [`${room.adults} ${room.adults === 1 ? "adult" : "adults"}`];
  if (room.childrenAges.length > 0) who.push(`${room.childrenAges.length === 1 ? "child" : "children"} ${room.childrenAges.join(", ")}`);
  return `Room ${index + 1} (${who.join(", ")}): ${room.guests.length === 0 ? "—" : room.guests.join(", ")}`;
}

const one = (ru: string, en: string, value: string | null): ApprovalLine => ({ ru, en, values: value === null ? [] : [value], list: false });

export function approvalLines(approval: PendingApproval): ApprovalLine[] {
  const d = approval.display;
  const dates = d.checkinDate === null && d.checkoutDate === null ? null : `${d.checkinDate ?? "?"} → ${d.checkoutDate ?? "?"}`;
  // A broker older than `rooms` sent one guest per line; shown as it came.
  const rooms = d.rooms.length > 0 ? d.rooms.map(roomLine) : d.guests;
  return [
    one("Действие", "Action", d.action),
    one("Отель", "Hotel", d.hotel),
    one("Даты", "Dates", dates),
    { ru: "Номера и гости", en: "Rooms and guests", values: rooms, list: d.rooms.length > 1 },
    one("Контакты", "Contacts", d.contacts),
    one("Тариф", "Rate", d.rate),
    one("Цена", "Price", d.price === null ? null : `${d.price.amountDecimal} ${d.price.currency}`),
    one("Оплата", "Payment", d.payment),
    one("Отмена", "Cancellation", d.cancellation),
    { ru: "Что произойдёт", en: "What will happen", values: d.effects, list: true },
  ];
}
