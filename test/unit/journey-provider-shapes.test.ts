import { describe, expect, it } from "vitest";
import { toCatalogLocation, toJourneyPage } from "../../mcp/hotels/journey/provider-shapes.js";
import { ProviderLocationSchema, ProviderSearchPageSchema } from "../../mcp/hotels/provider/index.js";

describe("provider shapes for the journey", () => {
  it("reads a missing distance as NaN and missing photos as none, never as zero kilometres", () => {
    const parsed = ProviderSearchPageSchema.parse({
      searchId: "s1",
      offset: 0,
      nextOffset: null,
      isLoadingCompleted: true,
      totalCount: 1,
      items: [{ hotelId: "h1", name: "H", stars: null, rating: null, reviewsCount: 0, shownPrice: { value: 1, currency: "RUB" }, mealName: null, freeCancellationUntil: null, hasRates: true }],
    });
    const [item] = toJourneyPage(parsed).items;
    expect(item).toMatchObject({ address: "", coverPhotoUrl: "", photosCount: 0 });
    expect(item?.distanceToCenterKm).toBeNaN();
  });

  it("fills a sparse catalog entry with empty facts and the name as its full name", () => {
    const location = toCatalogLocation(ProviderLocationSchema.parse({ id: "1", name: "Казань", region: null }));
    expect(location).toEqual({ id: "1", name: "Казань", fullName: "Казань", type: "city", region: "", country: "", hotelsCount: 0 });
  });
});
