import { providerText, providerUrl, type ProviderTextKind } from "../../../shared/provider-text.js";
import type {
  ProviderCheckout,
  ProviderHotelItem,
  ProviderLocation,
  ProviderPromoValidation,
  ProviderRate,
  ProviderSearchPage,
  ProviderUpgradeOffer,
} from "../provider/index.js";

// The journey reads the provider contract's parsed types (provider/contract-*.ts) through this one
// adapter. It fills in the display facts the contract leaves optional, so journey code never asks
// again: NaN distance, an empty photo URL and an empty region read as "no data" downstream; zero
// is a real value and must not stand in for a missing one. And it passes every provider string
// through shared/provider-text.ts, so search, rates and checkout answers carry no forged lines,
// escapes or links whatever the provider sends.

export type JourneyHotelItem = ProviderHotelItem & { address: string; distanceToCenterKm: number; coverPhotoUrl: string; photosCount: number };

// Picked, not Omit-ted: the contract's loose objects carry an index signature that Omit would keep
// alone. The collection reads only these; offset and loadedCount are the provider's bookkeeping.
export type JourneySearchPage = Pick<ProviderSearchPage, "searchId" | "nextOffset" | "isLoadingCompleted" | "totalCount"> & { items: readonly JourneyHotelItem[] };

export type CatalogLocation = ProviderLocation & { fullName: string; type: string; region: string; country: string; hotelsCount: number };

// null stays null: a missing meal is "no data", which an empty string must not turn into.
const nullableText = (value: string | null, kind: ProviderTextKind): string | null => (value === null ? null : providerText(value, kind));

/** Keeps https photo URLs only; toJourneyPage also keeps those of the configured API origin. */
export function toJourneyItem(item: ProviderHotelItem): JourneyHotelItem {
  return readItem(item, undefined);
}

// `trustedOrigin`: the configured API origin, whose photo URLs are kept even over http (the sandbox).
function readItem(item: ProviderHotelItem, trustedOrigin: string | undefined): JourneyHotelItem {
  return {
    ...item,
    name: providerText(item.name, "name"),
    mealName: nullableText(item.mealName, "meal"),
    address: providerText(item.address ?? "", "address"),
    distanceToCenterKm: item.distanceToCenterKm ?? Number.NaN,
    coverPhotoUrl: providerUrl(item.coverPhotoUrl, trustedOrigin) ?? "",
    photosCount: item.photosCount ?? 0,
  };
}

export function toJourneyPage(page: ProviderSearchPage, trustedOrigin?: string): JourneySearchPage {
  const { searchId, nextOffset, isLoadingCompleted, totalCount } = page;
  return { searchId, nextOffset, isLoadingCompleted, totalCount, items: page.items.map((item) => readItem(item, trustedOrigin)) };
}

export function toCatalogLocation(item: ProviderLocation): CatalogLocation {
  const name = providerText(item.name, "place");
  return {
    id: item.id,
    name,
    fullName: item.fullName === undefined ? name : providerText(item.fullName, "place"),
    type: item.type ?? "city",
    region: providerText(item.region ?? "", "place"),
    country: providerText(item.country ?? "", "place"),
    hotelsCount: item.hotelsCount ?? 0,
    ...(item.timeZone === undefined ? {} : { timeZone: item.timeZone }),
  };
}

export function toJourneyRate(rate: ProviderRate): ProviderRate {
  return { ...rate, roomName: providerText(rate.roomName, "room"), mealName: nullableText(rate.mealName, "meal"), paymentType: providerText(rate.paymentType, "label") };
}

export function toJourneyCheckout(x: ProviderCheckout): ProviderCheckout {
  return {
    ...x,
    roomName: providerText(x.roomName, "room"),
    mealName: nullableText(x.mealName, "meal"),
    cancellation: { ...x.cancellation, penalties: x.cancellation.penalties.map((p) => ({ ...p, from: providerText(p.from, "label") })) },
    extraServices: x.extraServices.map((e) => ({ ...e, type: providerText(e.type, "label"), time: providerText(e.time, "label") })),
  };
}

export function toJourneyUpgradeOffer(offer: ProviderUpgradeOffer | null): ProviderUpgradeOffer | null {
  return offer && { ...offer, roomName: providerText(offer.roomName, "room"), mealName: nullableText(offer.mealName, "meal") };
}

export function toJourneyPromo(promo: ProviderPromoValidation): ProviderPromoValidation {
  const promoCode = providerText(promo.promoCode, "label");
  return promo.valid ? { ...promo, promoCode } : { ...promo, promoCode, reason: providerText(promo.reason, "label") };
}
