import { isIsoDate, isOffsetDateTime } from "../../shared/time.js";
import { isCurrency } from "../../shared/money.js";

// Provider text goes out bounded and single-line; a fact that fails its check becomes null
// ("нет данных"), never a guess.

export function shortText(value: string | null | undefined, max = 200): string | null {
  if (typeof value !== "string") return null;
  const clean = value.replace(/[\r\n\t]+/g, " ").trim();
  return clean === "" ? null : clean.slice(0, max);
}

export function isoDateOrNull(value: string | null | undefined): string | null {
  return isIsoDate(value) ? value : null;
}

export function offsetTimestampOrNull(value: string | null | undefined): string | null {
  return typeof value === "string" && value.length <= 40 && isOffsetDateTime(value) ? value : null;
}

export function currencyOrNull(value: string | null | undefined): string | null {
  return isCurrency(value) ? value : null;
}

export function countOrNull(value: number | null | undefined, max = 100): number | null {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= max ? value : null;
}
