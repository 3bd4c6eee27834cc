import { customerProfile, type Booking } from "../data/customer.js";
import { daysBetween, isoAtOffset } from "../data/dates.js";

const voucherAvailable = (b: Booking): boolean => b.status === "CONFIRMED" || b.status === "COMPLETED";

/** The status words an order answer carries: the booking's own, or the hostileStatus option's (order-access.ts). */
export interface StatusWords {
  status: string;
  paymentStatus: string;
}

const ownWords = (b: Booking): StatusWords => ({ status: b.status, paymentStatus: b.paymentStatus });

const contactsOf = (b: Booking, canary: string | undefined): { email: string; phone: string } => b.contacts ?? customerProfile(canary);

/** What every order version opens with: the order, its stay and its hotel. */
function orderHeader(b: Booking, w: StatusWords) {
  return {
    orderId: b.orderId,
    status: w.status,
    createdAt: b.createdAt,
    checkinDate: b.stay.checkinDate,
    checkoutDate: b.stay.checkoutDate,
    nights: daysBetween(b.stay.checkinDate, b.stay.checkoutDate),
    hotel: {
      hotelId: b.hotel.hotelId,
      name: b.hotel.name,
      address: b.hotel.address,
      city: b.location.name,
      country: b.location.country,
      stars: b.hotel.stars,
      checkinTime: b.hotel.checkinTime,
      checkoutTime: b.hotel.checkoutTime,
    },
  };
}

/** Booking v1: flat, with `rateData.paymentData.paymentPrice` and the raw `paymentStatus`. */
export function orderV1(b: Booking, canary: string | undefined, w: StatusWords = ownWords(b)): unknown {
  const contact = contactsOf(b, canary);
  return {
    ...orderHeader(b, w),
    room: { roomName: b.roomName, mealName: b.mealName, adultsCount: b.stay.guests[0]?.adultsCount ?? 1, childrenAges: b.stay.guests[0]?.childrenAges ?? [] },
    guests: b.guests,
    contacts: { email: contact.email, phone: contact.phone },
    rateData: {
      paymentData: { paymentPrice: b.paymentPrice.value, currency: b.paymentPrice.currency, paymentType: b.paymentType },
      cancellation: { freeCancellationUntil: b.freeCancellationUntil, penalties: b.penalties },
    },
    paymentStatus: w.paymentStatus,
    promoCode: b.promoCode ?? null,
    extraServices: b.extraServices ?? [],
    voucherAvailable: voucherAvailable(b),
  };
}

/** Booking v3: the same facts, nested differently, with `amount`/`currencyCode` money. */
export function orderV3(b: Booking, canary: string | undefined, w: StatusWords = ownWords(b)): unknown {
  const contact = contactsOf(b, canary);
  const money = (m: { value: number; currency: string }) => ({ amount: m.value, currencyCode: m.currency });
  return {
    order: {
      id: b.orderId,
      state: { code: w.status, payment: w.paymentStatus },
      createdAt: b.createdAt,
      stay: {
        checkIn: { date: b.stay.checkinDate, time: b.hotel.checkinTime },
        checkOut: { date: b.stay.checkoutDate, time: b.hotel.checkoutTime },
        nights: daysBetween(b.stay.checkinDate, b.stay.checkoutDate),
      },
      property: {
        id: b.hotel.hotelId,
        name: b.hotel.name,
        stars: b.hotel.stars,
        location: { address: b.hotel.address, city: b.location.name, country: b.location.country, coordinates: b.hotel.coordinates },
      },
      rooms: b.stay.guests.map((room) => ({
        name: b.roomName,
        meal: b.mealName,
        occupancy: { adults: room.adultsCount, childrenAges: room.childrenAges },
        guests: b.guests.map((g) => ({ fullName: [g.lastName, g.firstName, g.middleName].filter(Boolean).join(" "), birthDate: g.birthDate, isChild: g.isChild })),
      })),
      customer: { email: contact.email, phone: contact.phone },
      price: { total: money(b.paymentPrice), paymentType: b.paymentType },
      cancellationPolicy: { freeUntil: b.freeCancellationUntil, penalties: b.penalties.map((p) => ({ startsAt: p.from, amount: money(p.amount) })) },
      documents: { voucher: { available: voucherAvailable(b), path: `/api/v1/orders/${encodeURIComponent(b.orderId)}/voucher` } },
    },
  };
}

/** Booking v2 (inferred): v1's flat stay, rooms with their guests, payment and cancellation as blocks. */
export function orderV2(b: Booking, canary: string | undefined, w: StatusWords = ownWords(b)): unknown {
  const contact = contactsOf(b, canary);
  return {
    ...orderHeader(b, w),
    rooms: b.stay.guests.map((room) => ({ roomName: b.roomName, mealName: b.mealName, adultsCount: room.adultsCount, childrenAges: room.childrenAges, guests: b.guests })),
    contacts: { email: contact.email, phone: contact.phone },
    payment: { price: b.paymentPrice, paymentType: b.paymentType, paymentStatus: w.paymentStatus },
    cancellation: { freeCancellationUntil: b.freeCancellationUntil, penalties: b.penalties },
    voucherAvailable: voucherAvailable(b),
  };
}

// The reads below are inferred from the seed's tool names (docs/provider-contract.md); each carries
// a provider id of its own that contains the canary, so tests prove the broker never passes it on.

const EVO_STATUS: Record<Booking["status"], string> = { CONFIRMED: "CONFIRMED", AWAITING_PAYMENT: "PENDING_PAYMENT", CANCELLED: "CANCELLED", COMPLETED: "CONFIRMED" };
const providerSuffix = (b: Booking): string => b.orderId.replace(/^ord_/, "");
const secondsAfter = (iso: string, seconds: number): string => isoAtOffset(Date.parse(iso) + seconds * 1000, iso.slice(-6));

/** The supplier-side (EVO) booking behind an order. */
export function evoBooking(b: Booking): unknown {
  const confirmed = b.status === "CONFIRMED" || b.status === "COMPLETED";
  return {
    orderId: b.orderId,
    evoBookingId: `evo_${providerSuffix(b)}`,
    status: EVO_STATUS[b.status],
    supplierName: "Sandbox Supplier",
    hotelConfirmationNumber: confirmed ? `HC-${b.orderId.slice(-7)}` : null,
    createdAt: secondsAfter(b.createdAt, 20),
    updatedAt: secondsAfter(b.createdAt, 60),
  };
}

export const taskIdOf = (b: Booking): string => `task_${providerSuffix(b)}`;

/**
 * The asynchronous booking task that created the order. Seeded orders' tasks have finished; an
 * order booked through the sandbox reads `running` once, on the first read after its creation.
 */
export function bookingTask(b: Booking, running = false): unknown {
  return {
    orderId: b.orderId,
    taskId: taskIdOf(b),
    status: running ? "IN_PROGRESS" : "SUCCESS",
    orderStatus: b.status,
    startedAt: b.createdAt,
    finishedAt: running ? null : secondsAfter(b.createdAt, 42),
    error: null,
  };
}

/** Whether an order is an LS order (`Booking.isLsOrder`). */
export function lsOrderCheck(b: Booking, now: number): unknown {
  return { orderId: b.orderId, isLsOrder: b.isLsOrder, lsOrderStatus: b.isLsOrder ? b.status : null, checkedAt: isoAtOffset(now, "+03:00") };
}
