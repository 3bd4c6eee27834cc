// What English answers (plan_stay language "en") must and must not say. Written independently of
// the formatters they check: an amount or a date here is built from the sandbox's own numbers.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A ruble amount as an English answer prints it: "₽17,569.50", "₽8,529" (kopecks only when there are some). */
export function rubEn(value: number): string {
  const [int = "", frac = ""] = value.toFixed(2).split(".");
  return `₽${int.replace(/\B(?=(\d{3})+(?!\d))/gu, ",")}${frac === "00" ? "" : `.${frac}`}`;
}

/** "2027-03-05T18:00:00+03:00" → "5 Mar 2027 18:00 (UTC+03:00)": the provider's wall clock and offset. */
export function enDateTime(timestamp: string): string {
  const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::\d\d)?([+-]\d\d:\d\d)$/u.exec(timestamp);
  if (!m) throw new Error(`not an offset timestamp: ${timestamp}`);
  const [, year, month, day, hour, minute, offset] = m;
  return `${Number(day)} ${MONTHS[Number(month) - 1] ?? "?"} ${year} ${hour}:${minute} (UTC${offset})`;
}

/**
 * Words our Russian answers write (labels, notes, units). None may appear in either channel of an
 * English answer; provider names (hotel, room, meal) may stay Cyrillic, so none of these is a word
 * the sandbox uses in them.
 */
export const OUR_RUSSIAN: string[] = [
  "Текущая цена",
  "не изменилась",
  "за ночь",
  "ночи",
  "ночей",
  "взр.",
  "дети:",
  "нет данных",
  "отмена",
  "Отмена",
  "штраф",
  "Штраф",
  "невозвратный",
  "Невозвратный",
  "предоплата",
  "оплата в отеле",
  "Тариф",
  "тариф ",
  "Ссылка",
  "Ничего не",
  "Проверенная цена",
  "Промокод",
  "Повышение",
  "Доп. услуги",
  "заезд",
  "выезд",
  "Только",
  "Порядок",
  "Ещё закрыто",
  "\u00a0₽",
];

/** The sandbox's room names (scripts/sandbox/data/pricing.ts) as an English answer names them. */
export const ROOM_EN: Record<string, string> = {
  "Стандартный двухместный номер": "Standard double room",
  "Улучшенный номер": "Superior room",
  "Номер с видом на город": "Room with city view",
  "Семейный номер": "Family room",
  "Полулюкс": "Junior suite",
  "Люкс": "Suite",
};

/** The sandbox's meal names, in either language it writes them, as an English answer names them. */
export const MEAL_EN: Record<string, string> = {
  "Без питания": "room only",
  "Room only": "room only",
  "Завтрак включён": "breakfast included",
  "Breakfast included": "breakfast included",
  "Полупансион": "half board",
  "Half board": "half board",
  "Всё включено": "all inclusive",
  "All inclusive": "all inclusive",
};
