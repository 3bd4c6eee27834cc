import type { ProviderSearchFilter, ProviderSearchRequest } from "../provider/index.js";
import { amenityFilters } from "./amenities.js";
import type { PlanStayRequest } from "./input.js";

// The provider search body a plan_stay turns into: the contract's request without the paging
// fields, which the stay search adds per page. The confirmed filter form (array) for meals; amenities
// in the boolean form the destination's own filter catalogue describes.
export type ProviderSearchBody = Omit<ProviderSearchRequest, "filters" | "offset" | "limit" | "searchId"> & {
  filters?: Extract<ProviderSearchFilter, { $objectType: "array" | "boolean" }>[];
};

// breakfastIncluded=true becomes the confirmed meal_types filter; the provider's "breakfast"
// value also matches half board and all inclusive.
export function toSearchBody(request: PlanStayRequest, destinationId: string): ProviderSearchBody {
  const body: ProviderSearchBody = {
    destinationId,
    checkinDate: request.checkinDate,
    checkoutDate: request.checkoutDate,
    guests: request.rooms.map((r) => ({ adultsCount: r.adults, childrenAges: [...r.childrenAges] })),
  };
  if (request.breakfastIncluded === true) body.filters = [{ $objectType: "array", filterId: "meal_types", values: ["breakfast"] }];
  const amenities = amenityFilters(request.providerAmenities ?? []);
  if (amenities.length > 0) body.filters = [...(body.filters ?? []), ...amenities];
  return body;
}

// Key for coalescing identical searches and the 30 s result cache. Ranking, maxOptions, hotelName,
// language and preferences are local concerns, so switching them never triggers a new search.
export function searchKey(body: ProviderSearchBody): string {
  const guests = body.guests.map((g) => `${g.adultsCount}:${(g.childrenAges ?? []).join(".")}`).join("|");
  const filters = (body.filters ?? []).map((f) => `${f.filterId}=${f.$objectType === "array" ? f.values.join(".") : String(f.value)}`).join("&");
  return [body.destinationId, body.checkinDate, body.checkoutDate, guests, filters].join(";");
}
