import { customerProfile, type Booking } from "../data/customer.js";
import { daysBetween } from "../data/dates.js";

const voucherAvailable = (b: Booking): boolean => b.status === "CONFIRMED" || b.status === "COMPLETED";

/** Booking v1: flat, with `rateData.paymentData.paymentPrice` and the raw `paymentStatus`. */
export function orderV1(b: Booking, canary: string | undefined): unknown {
  const contact = customerProfile(canary);
  return {
    orderId: b.orderId,
    status: b.status,
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
    room: { roomName: b.roomName, mealName: b.mealName, adultsCount: b.stay.guests[0]?.adultsCount ?? 1, childrenAges: b.stay.guests[0]?.childrenAges ?? [] },
    guests: b.guests,
    contacts: { email: contact.email, phone: contact.phone },
    rateData: {
      paymentData: { paymentPrice: b.paymentPrice.value, currency: b.paymentPrice.currency, paymentType: b.paymentType },
      cancellation: { freeCancellationUntil: b.freeCancellationUntil, penalties: b.penalties },
    },
    paymentStatus: b.paymentStatus,
    voucherAvailable: voucherAvailable(b),
  };
}

/** Booking v3: the same facts, nested differently, with `amount`/`currencyCode` money. */
export function orderV3(b: Booking, canary: string | undefined): unknown {
  const contact = customerProfile(canary);
  const money = (m: { value: number; currency: string }) => ({ amount: m.value, currencyCode: m.currency });
  return {
    order: {
      id: b.orderId,
      state: { code: b.status, payment: b.paymentStatus },
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
