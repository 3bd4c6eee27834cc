import type { ProviderHotelItem, ProviderLocation, ProviderSearchPage } from "../provider/index.js";

// The journey reads the provider contract's parsed types (provider/contract-*.ts) as they are,
// except where the contract leaves a display fact optional: this adapter fills those in once, so
// journey code never asks again. NaN distance, an empty photo URL and an empty region read as
// "no data" downstream; zero is a real value and must not stand in for a missing one.

export type JourneyHotelItem = ProviderHotelItem & { address: string; distanceToCenterKm: number; coverPhotoUrl: string; photosCount: number };

// Picked, not Omit-ted: the contract's loose objects carry an index signature that Omit would keep
// alone. The collection reads only these; offset and loadedCount are the provider's bookkeeping.
export type JourneySearchPage = Pick<ProviderSearchPage, "searchId" | "nextOffset" | "isLoadingCompleted" | "totalCount"> & { items: readonly JourneyHotelItem[] };

export type CatalogLocation = ProviderLocation & { fullName: string; type: string; region: string; country: string; hotelsCount: number };

export function toJourneyItem(item: ProviderHotelItem): JourneyHotelItem {
  return {
    ...item,
    address: item.address ?? "",
    distanceToCenterKm: item.distanceToCenterKm ?? Number.NaN,
    coverPhotoUrl: item.coverPhotoUrl ?? "",
    photosCount: item.photosCount ?? 0,
  };
}

export function toJourneyPage(page: ProviderSearchPage): JourneySearchPage {
  const { searchId, nextOffset, isLoadingCompleted, totalCount } = page;
  return { searchId, nextOffset, isLoadingCompleted, totalCount, items: page.items.map(toJourneyItem) };
}

export function toCatalogLocation(item: ProviderLocation): CatalogLocation {
  return {
    id: item.id,
    name: item.name,
    fullName: item.fullName ?? item.name,
    type: item.type ?? "city",
    region: item.region ?? "",
    country: item.country ?? "",
    hotelsCount: item.hotelsCount ?? 0,
  };
}
