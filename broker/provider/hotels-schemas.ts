import { z } from "zod";
import { ProviderStatusInputSchema } from "../../shared/protocol/common.js";

// The parts of Hotels API answers the broker reads. Objects stay loose (the provider adds fields
// freely), but every field we use is checked; optional facts may be absent or null.

const text = z.string().max(10_000);
const optionalText = text.nullish();
const money = z.number().finite();

export const ProviderCustomerSchema = z.looseObject({ firstName: optionalText, email: optionalText, phone: optionalText });
export type ProviderCustomer = z.infer<typeof ProviderCustomerSchema>;

export const ProviderOrderRowSchema = z.looseObject({
  orderId: z.string().min(1).max(256),
  status: ProviderStatusInputSchema,
  hotelName: optionalText,
  city: optionalText,
  checkinDate: optionalText,
  checkoutDate: optionalText,
  guestsCount: z.int().min(0).nullish(),
});

export const ProviderOrdersSchema = z.looseObject({
  items: z.array(ProviderOrderRowSchema).max(1000),
  total: z.int().min(0),
  nextOffset: z.int().min(0).nullish(),
});
export type ProviderOrders = z.infer<typeof ProviderOrdersSchema>;

const PenaltySchema = z.looseObject({
  from: optionalText,
  amount: z.looseObject({ value: money, currency: text }).nullish(),
});

export const ProviderOrderV1Schema = z.looseObject({
  status: ProviderStatusInputSchema,
  checkinDate: optionalText,
  checkoutDate: optionalText,
  hotel: z
    .looseObject({
      name: optionalText,
      address: optionalText,
      city: optionalText,
      stars: z.number().nullish(),
      checkinTime: optionalText,
      checkoutTime: optionalText,
    })
    .nullish(),
  room: z.looseObject({ roomName: optionalText, mealName: optionalText }).nullish(),
  guests: z.array(z.unknown()).max(1000).nullish(),
  rateData: z
    .looseObject({
      paymentData: z.looseObject({ paymentPrice: money.nullish(), currency: optionalText, paymentType: optionalText }).nullish(),
      cancellation: z
        .looseObject({
          freeCancellationUntil: optionalText,
          penalties: z.array(PenaltySchema).max(100).nullish(),
        })
        .nullish(),
    })
    .nullish(),
  paymentStatus: ProviderStatusInputSchema.nullish(),
  // Inferred (docs/provider-contract.md): what the order writes added, read before a repeat of one
  // is answered from the ledger. A shape other than this never fails the read: it confirms nothing.
  promoCode: optionalText.catch(undefined),
  extraServices: z.array(z.string().max(64)).max(20).nullish().catch(undefined),
});
export type ProviderOrderV1 = z.infer<typeof ProviderOrderV1Schema>;

// The low-level order reads: only what tells one answer from another is checked here; the broker
// then copies the fields its protocol allowlist names (shared/protocol/ops-hotels-orders.ts).
export const ProviderOrderV2Schema = z.looseObject({ status: ProviderStatusInputSchema });
export const ProviderOrderV3Schema = z.looseObject({ order: z.looseObject({}) });
export const ProviderEvoBookingSchema = z.looseObject({ status: ProviderStatusInputSchema });
export const ProviderBookingTaskSchema = z.looseObject({ status: ProviderStatusInputSchema });
export const ProviderLsOrderCheckSchema = z.looseObject({ isLsOrder: z.boolean() });
