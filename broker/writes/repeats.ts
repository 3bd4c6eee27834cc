import type { PreparedWrite } from "../../shared/protocol/ops-hotels-writes.js";
import type { ProviderOrderV1 } from "../provider/hotels-schemas.js";
import { SERVICE_NAMES } from "./display.js";

// A write on an order that was committed before, seen again: when its recorded outcome may stand
// for the new request, and what the person is told when it may not.

/**
 * A promo code or a service can be taken off the order elsewhere (the bank's own app) after the
 * broker applied it: its recorded outcome stands only while the order still shows it. An order
 * read that does not say (a provider without these fields) does not confirm it either.
 */
export function orderStillShows(prepared: PreparedWrite & { kind: "promo_code" | "extra_services" }, order: ProviderOrderV1): boolean {
  if (prepared.kind === "promo_code") return order.promoCode === prepared.request.promoCode;
  const shown = order.extraServices ?? [];
  return prepared.request.services.every((s) => shown.includes(s));
}

const SAME_WRITE_SENT = "the same request was already sent and committed: approving sends it again (a second one)";

/**
 * The lines added to what the person approves: the same write was committed before (`twin`), or
 * some of its services were (`sharedServices`, as partFingerprintsOf names them).
 */
export function repeatEffects(twin: boolean, sharedServices: readonly string[]): string[] {
  if (twin) return [SAME_WRITE_SENT];
  const names = sharedServices.filter((s): s is keyof typeof SERVICE_NAMES => Object.hasOwn(SERVICE_NAMES, s)).map((s) => SERVICE_NAMES[s]);
  return names.length === 0 ? [] : [`adding ${names.join(" and ")} to this booking was already sent and committed: approving adds it again`];
}
