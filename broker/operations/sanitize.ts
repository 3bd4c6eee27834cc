import { isIsoDate, isOffsetDateTime } from "../../shared/time.js";
import { isCurrency } from "../../shared/money.js";

// A provider fact that fails its check becomes null ("нет данных"), never a guess. Provider text
// (names, cities, addresses) goes through shared/provider-text.ts, the same rules as the Hotels MCP.

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
