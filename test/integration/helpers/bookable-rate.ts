import type { Sandbox } from "../../../scripts/sandbox/index.js";
import { decimalFromProviderNumber } from "../../../shared/money.js";
import type { BookingRequest } from "../../../shared/protocol/ops-hotels-writes.js";
import { stayFrom, type TestClock } from "../../fixtures/clock.js";

export const BOOKING_GUESTS = [
  { firstName: "Zyxcanaria", lastName: "Quorvetsova" },
  { firstName: "Vlimtrandor", lastName: "Quorvetsov" },
];
export const BOOKING_CONTACTS = { email: "zyx.quorv@canary.example", phone: "+79005550123" };

/** A bookable RUB rate for two adults in Kazan, as the sandbox's public routes answer it now. */
export async function findRate(sandbox: Sandbox, clock: TestClock): Promise<{ request: BookingRequest; currentPrice: { value: number; currency: string } }> {
  const api = sandbox.urls.hotelsApiBaseUrl;
  const post = async (path: string, body: unknown): Promise<unknown> => (await fetch(`${api}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json();
  const locations = (await (await fetch(`${api}/v1/seo/locations?limit=100`)).json()) as { items: { id: string; name: string }[] };
  const kazan = locations.items.find((l) => l.name === "Казань")!.id;
  const stay = stayFrom(clock.now(), 20, 2);
  const guests = [{ adultsCount: 2, childrenAges: [] }];
  for (let i = 1; i <= 60; i++) {
    const hotelId = `${kazan}${String(i).padStart(4, "0")}`;
    const { rates } = (await post(`/v3/hotels/${hotelId}/rates`, { ...stay, guests })) as { rates?: { bookHash: string; price: { currency: string }; paymentType: string }[] };
    const rate = rates?.find((r) => r.price.currency === "RUB" && r.paymentType === "prepay");
    if (!rate) continue;
    const { currentPrice } = (await post("/v1/checkout/inspect", { bookHash: rate.bookHash, ...stay, guests })) as { currentPrice: { value: number; currency: string } };
    const request: BookingRequest = {
      hotelId,
      bookHash: rate.bookHash,
      ...stay,
      rooms: [{ adults: 2, childrenAges: [], guests: BOOKING_GUESTS }],
      contacts: BOOKING_CONTACTS,
      expectedPrice: { amountDecimal: decimalFromProviderNumber(currentPrice.value), currency: currentPrice.currency },
    };
    return { request, currentPrice };
  }
  throw new Error("no prepay RUB rate in Kazan");
}
