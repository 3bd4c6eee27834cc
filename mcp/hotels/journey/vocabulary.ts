import { missing, type Lang } from "../../../shared/locale.js";
import { providerWords } from "../../../shared/provider-text.js";
import { roomKindDisplay } from "./room-kinds.js";

// The fixed vocabulary of rates (meal plans, room kinds, payment) in the conversation's language.
// Suppliers name the same plan in Russian or English ("Без питания", "Room only"); an answer read in
// one language must not switch mid-table. What we do not recognise is shown as the provider's words,
// marked «…», never translated by guess. The raw names stay in the journey for later steps.

export type MealPlan = "room_only" | "breakfast" | "half_board" | "full_board" | "all_inclusive";

const MEAL_PLAN: Record<Lang, Record<MealPlan, string>> = {
  ru: { room_only: "без питания", breakfast: "завтрак включён", half_board: "полупансион", full_board: "полный пансион", all_inclusive: "всё включено" },
  en: { room_only: "room only", breakfast: "breakfast included", half_board: "half board", full_board: "full board", all_inclusive: "all inclusive" },
};

// Whole names only: "Завтрак за доп. плату" contains "завтрак" and is not a breakfast plan.
const MEAL_SPELLINGS: Record<MealPlan, readonly string[]> = {
  room_only: ["без питания", "питание не включено", "завтрак не включен", "breakfast not included", "room only", "only room", "no meals", "no meal", "meals not included"],
  breakfast: ["завтрак", "завтрак включен", "с завтраком", "завтрак шведский стол", "breakfast", "breakfast included", "with breakfast", "bed and breakfast", "bb"],
  half_board: ["полупансион", "half board", "halfboard", "hb"],
  full_board: ["полный пансион", "full board", "fullboard", "fb"],
  all_inclusive: ["все включено", "all inclusive", "allinclusive"],
};

const MEAL_BY_SPELLING = new Map(Object.entries(MEAL_SPELLINGS).flatMap(([plan, names]) => names.map((n) => [n, plan as MealPlan] as const)));

/** Lower case, ё as е, punctuation and hyphens as spaces, single spaces: how names are compared. */
export function normalizeName(name: string): string {
  return name
    .toLowerCase()
    .replace(/ё/g, "е")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The plan a meal name states, or null when it is not one of the spellings we know. */
export function mealPlanOf(mealName: string | null | undefined): MealPlan | null {
  if (typeof mealName !== "string") return null;
  return MEAL_BY_SPELLING.get(normalizeName(mealName)) ?? null;
}

/** A meal name in the answer's language; an unknown one as the provider's words; none as "no data". */
export function mealDisplay(mealName: string | null | undefined, lang: Lang): string {
  if (typeof mealName !== "string" || mealName.trim() === "") return missing(lang);
  const plan = mealPlanOf(mealName);
  return plan === null ? providerWords(mealName.trim()) : MEAL_PLAN[lang][plan];
}

/** A room name in the answer's language when every word of it is a room word we know; else the provider's words. */
export function roomDisplay(roomName: string, lang: Lang): string {
  if (roomName.trim() === "") return missing(lang);
  return roomKindDisplay(roomName, lang) ?? providerWords(roomName.trim());
}

export type PaymentCode = "prepay" | "pay_at_hotel";

const PAYMENT_SPELLINGS: Record<PaymentCode, readonly string[]> = {
  prepay: ["prepay", "предоплата", "предоплата онлайн", "оплата онлайн", "prepayment", "prepaid", "pay now", "pay online"],
  pay_at_hotel: ["pay_at_hotel", "оплата в отеле", "оплата на месте", "оплата при заселении", "pay at hotel", "pay at the hotel", "pay at property", "pay at the property", "postpay"],
};

const PAYMENT_BY_SPELLING = new Map(Object.entries(PAYMENT_SPELLINGS).flatMap(([code, names]) => names.map((n) => [normalizeName(n), code as PaymentCode] as const)));

/** The payment code a provider's payment type or wording states, or null. */
export function paymentCodeOf(paymentType: string): PaymentCode | null {
  return PAYMENT_BY_SPELLING.get(normalizeName(paymentType)) ?? null;
}
