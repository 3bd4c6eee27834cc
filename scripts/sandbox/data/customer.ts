import type { Catalog } from "./catalog.js";
import { addDays, dateOf, isoAtOffset } from "./dates.js";
import type { Hotel } from "./hotels.js";
import { mealName } from "./hotels.js";
import type { Location } from "./locations.js";
import { freeCancellationUntil, quote, type Money, type Stay } from "./pricing.js";
import { hashString } from "./prng.js";

/** The sandbox's only customer with a profile; `customer-2` exists only to own foreign orders. */
export const CUSTOMER_ID = "customer-1";

export interface Customer {
  customerId: string;
  firstName: string;
  lastName: string;
  middleName: string;
  phone: string;
  email: string;
  birthDate: string;
}

export function customerProfile(canary: string | undefined): Customer {
  return {
    customerId: CUSTOMER_ID,
    firstName: "Анна",
    lastName: "Смирнова",
    middleName: "Сергеевна",
    phone: "+79001234567",
    email: canary ? `guest+${canary}@example.test` : "anna.smirnova@example.test",
    birthDate: "1990-04-12",
  };
}

export type OrderStatus = "CONFIRMED" | "AWAITING_PAYMENT" | "CANCELLED" | "COMPLETED";

export interface BookingGuest {
  firstName: string;
  lastName: string;
  middleName: string | null;
  birthDate: string | null;
  isChild: boolean;
}

export interface Booking {
  orderId: string;
  customerId: string;
  status: OrderStatus;
  /** Raw provider payment status; clients must not interpret it as permission to pay. */
  paymentStatus: string;
  hotel: Hotel;
  location: Location;
  roomName: string;
  mealName: string | null;
  stay: Stay;
  createdAt: string;
  guests: BookingGuest[];
  paymentPrice: Money;
  paymentType: "prepay" | "pay_at_hotel";
  freeCancellationUntil: string | null;
  penalties: { from: string; amount: Money }[];
  /** Booked through the LS route; the seeded orders of four nights or more count as LS orders. */
  isLsOrder: boolean;
  /** The contacts given when it was booked; seeded orders carry the customer's profile instead. */
  contacts?: { email: string; phone: string };
  /** Set by the order writes (apply_promo, add_extra_services); the order reads show them. */
  promoCode?: string;
  extraServices?: readonly ("early_checkin" | "late_checkout")[];
}

interface Template {
  n: number;
  customerId: string;
  locationId: string;
  status: OrderStatus;
  paymentStatus: string;
  checkinInDays: number;
  nights: number;
  adults: number;
  childAges: number[];
  createdDaysAgo: number;
}

const TEMPLATES: readonly Template[] = [
  { n: 1, customerId: CUSTOMER_ID, locationId: "1003", status: "CONFIRMED", paymentStatus: "PAID", checkinInDays: 30, nights: 2, adults: 2, childAges: [], createdDaysAgo: 3 },
  { n: 2, customerId: CUSTOMER_ID, locationId: "1002", status: "AWAITING_PAYMENT", paymentStatus: "WAITING_FOR_PAYMENT", checkinInDays: 45, nights: 3, adults: 2, childAges: [7], createdDaysAgo: 0 },
  { n: 3, customerId: CUSTOMER_ID, locationId: "1004", status: "CANCELLED", paymentStatus: "REFUNDED", checkinInDays: 20, nights: 5, adults: 2, childAges: [], createdDaysAgo: 25 },
  { n: 4, customerId: CUSTOMER_ID, locationId: "1001", status: "COMPLETED", paymentStatus: "PAID", checkinInDays: -40, nights: 1, adults: 1, childAges: [], createdDaysAgo: 60 },
  { n: 5, customerId: CUSTOMER_ID, locationId: "1013", status: "COMPLETED", paymentStatus: "PAID", checkinInDays: -120, nights: 4, adults: 2, childAges: [], createdDaysAgo: 150 },
  { n: 6, customerId: CUSTOMER_ID, locationId: "1007", status: "CANCELLED", paymentStatus: "PARTIALLY_REFUNDED", checkinInDays: -10, nights: 2, adults: 2, childAges: [], createdDaysAgo: 30 },
  { n: 7, customerId: CUSTOMER_ID, locationId: "1005", status: "CONFIRMED", paymentStatus: "PAID", checkinInDays: 90, nights: 2, adults: 1, childAges: [], createdDaysAgo: 1 },
  { n: 8, customerId: "customer-2", locationId: "1001", status: "CONFIRMED", paymentStatus: "PAID", checkinInDays: 15, nights: 2, adults: 2, childAges: [], createdDaysAgo: 2 },
];

const COMPANIONS: readonly BookingGuest[] = [
  { firstName: "Игорь", lastName: "Смирнов", middleName: "Петрович", birthDate: null, isChild: false },
  { firstName: "Мария", lastName: "Смирнова", middleName: null, birthDate: null, isChild: true },
];

export function orderIdFor(seed: string, canary: string | undefined, n: number): string {
  return `ord_${canary ?? "sbx"}_${1_000_000 + (hashString(`${seed}|order|${n}`) % 9_000_000)}${n}`;
}

/** Every booking of the sandbox, dated relative to `now` (whole days, so stable within a day). */
export function buildBookings(seed: string, canary: string | undefined, catalog: Catalog, now: number): Booking[] {
  const today = dateOf(now);
  const customer = customerProfile(canary);
  return TEMPLATES.flatMap((t) => {
    const location = catalog.location(t.locationId);
    const hotels = catalog.hotelsOf(t.locationId);
    // With hostile text, every booking is at its city's hostile hotel, so the customer reads carry it too.
    const hotel = hotels.find((h) => h.hostileText !== undefined) ?? hotels[hashString(`${seed}|booking-hotel|${t.n}`) % hotels.length];
    if (!location || !hotel) return [];
    const checkinDate = addDays(today, t.checkinInDays);
    const stay: Stay = { checkinDate, checkoutDate: addDays(checkinDate, t.nights), guests: [{ adultsCount: t.adults, childrenAges: t.childAges }] };
    const price = quote(seed, hotel, stay);
    const paymentPrice: Money = { value: price.total, currency: hotel.currency };
    const free = hotel.cancellation === "free" ? freeCancellationUntil(hotel, checkinDate, location.profile.utcOffset) : null;
    const createdMs = Date.parse(`${addDays(today, -t.createdDaysAgo)}T09:${String(10 + t.n).padStart(2, "0")}:00Z`);
    const main: BookingGuest = { firstName: customer.firstName, lastName: customer.lastName, middleName: customer.middleName, birthDate: customer.birthDate, isChild: false };
    const others = [COMPANIONS[0], ...t.childAges.map(() => COMPANIONS[1])].filter((g): g is BookingGuest => g !== undefined);
    const guests = [main, ...others].slice(0, t.adults + t.childAges.length).map((g, i) => (g.isChild ? { ...g, birthDate: addDays(today, -365 * (t.childAges[i - t.adults] ?? 7) - 40) } : g));
    return [
      {
        orderId: orderIdFor(seed, canary, t.n),
        customerId: t.customerId,
        status: t.status,
        paymentStatus: t.paymentStatus,
        hotel,
        location,
        roomName: "Стандартный двухместный номер",
        mealName: mealName(hotel.meal, hotel.mealLanguage),
        stay,
        createdAt: isoAtOffset(createdMs, "+03:00"),
        guests,
        paymentPrice,
        paymentType: "prepay",
        freeCancellationUntil: free,
        isLsOrder: t.nights >= 4,
        penalties: [
          ...(free ? [{ from: free, amount: { value: price.firstNight, currency: hotel.currency } }] : [{ from: isoAtOffset(createdMs, "+03:00"), amount: paymentPrice }]),
          ...(free ? [{ from: `${checkinDate}T00:00:00${location.profile.utcOffset}`, amount: paymentPrice }] : []),
        ],
      },
    ];
  });
}
