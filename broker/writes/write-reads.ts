import { BrokerError } from "../../shared/protocol/broker-error.js";
import type { ApprovalDisplay, BookingRequest, PreparedWrite } from "../../shared/protocol/ops-hotels-writes.js";
import type { Clock } from "../../shared/time.js";
import type { HotelsCustomerApi } from "../provider/hotels.js";
import type { HotelsWritesApi } from "../provider/hotels-writes.js";
import { bookingDisplay, moneyFact, orderDisplay } from "./display.js";
import { preparationInvalid } from "./freshness.js";
import { orderStillShows } from "./repeats.js";

// The provider reads around one write, never the write itself: what the person is shown before
// approving, whether a repeat's order still shows what it added, a refused booking's current price.
// Each is bounded by the provider timeout as well as by the execute's own signal.

export interface WriteReadsDeps {
  writesApi: HotelsWritesApi;
  hotels: HotelsCustomerApi;
  providerTimeoutMs: number;
  /** The broker's clock: whether cancelling is free now is read against it. */
  now: Clock;
}

export class WriteReads {
  constructor(private readonly d: WriteReadsDeps) {}

  signal(outer: AbortSignal): AbortSignal {
    return AbortSignal.any([outer, AbortSignal.timeout(this.d.providerTimeoutMs)]);
  }

  /** What the person approves, from the broker's own reads; a failed read becomes displayError's answer. */
  async display(prepared: PreparedWrite, orderId: string | undefined, outer: AbortSignal): Promise<ApprovalDisplay> {
    try {
      return await this.#display(prepared, orderId, outer);
    } catch (err) {
      throw displayError(err);
    }
  }

  async #display(prepared: PreparedWrite, orderId: string | undefined, outer: AbortSignal): Promise<ApprovalDisplay> {
    const t = this.d.providerTimeoutMs;
    if (prepared.kind === "booking" || prepared.kind === "ls_booking") {
      const [checkout, hotel, paymentType] = await Promise.all([
        this.d.writesApi.checkoutInspect(prepared.request, outer, t),
        this.d.writesApi.hotel(prepared.request.hotelId, outer, t),
        this.#paymentType(prepared.request, outer),
      ]);
      // The hotel shown is read by hotelId, the rate by bookHash: a pair from two hotels would show
      // one hotel's name over another's rate, so it is refused before anyone is asked.
      if (checkout.hotelId !== prepared.request.hotelId) throw preparationInvalid("the rate (bookHash) is not a rate of hotelId: prepare it again from that hotel's rates; nothing was sent");
      return bookingDisplay(prepared, checkout, hotel, paymentType);
    }
    if (orderId === undefined) throw new Error("a write on an order without its orderId");
    return orderDisplay(prepared, await this.d.hotels.orderV1(orderId, this.signal(outer)), this.d.now());
  }

  /** The booked rate's payment type from the rates route; a failed read or a rate not listed shows it as unknown. */
  async #paymentType(request: BookingRequest, outer: AbortSignal): Promise<string | null> {
    try {
      const { rates } = await this.d.writesApi.rates(request, outer, this.d.providerTimeoutMs);
      return rates?.find((r) => r.bookHash === request.bookHash)?.paymentType ?? null;
    } catch {
      return null;
    }
  }

  /** Whether the order still shows the promo code or services; a failed read confirms nothing (the display's own read says what failed). */
  async stillShown(prepared: PreparedWrite & { kind: "promo_code" | "extra_services" }, orderId: string | undefined, outer: AbortSignal): Promise<boolean> {
    if (orderId === undefined) return false;
    try {
      return orderStillShows(prepared, await this.d.hotels.orderV1(orderId, this.signal(outer)));
    } catch {
      return false;
    }
  }

  async currentPrice(prepared: PreparedWrite & { kind: "booking" | "ls_booking" }, outer: AbortSignal): Promise<ReturnType<typeof moneyFact>> {
    try {
      return moneyFact((await this.d.writesApi.checkoutInspect(prepared.request, outer, this.d.providerTimeoutMs)).currentPrice);
    } catch {
      return null;
    }
  }
}

const PASS_THROUGH = new Set(["preparation_invalid", "mobile_login_required", "session_expired", "provider_auth_rejected", "invalid_ref", "ref_expired", "busy"]);

/** A read for the approval display failed: nothing was shown, nothing sent. */
function displayError(err: unknown): BrokerError {
  if (err instanceof BrokerError && PASS_THROUGH.has(err.code)) return err;
  return new BrokerError("provider_unavailable", "could not read what the person must be shown before approving: nothing was sent", { retryAllowed: true, cause: err });
}
