import { describe, expect, it } from "vitest";
import type { PlanStayRequest } from "../../mcp/hotels/journey/input.js";
import { searchKey, toSearchBody } from "../../mcp/hotels/journey/search-request.js";

const request: PlanStayRequest = {
  destination: "Казань",
  checkinDate: "2026-09-15",
  checkoutDate: "2026-09-17",
  nights: 2,
  rooms: [{ adults: 2, childrenAges: [] }, { adults: 1, childrenAges: [5, 9] }],
  maxOptions: 10,
};

describe("provider search body", () => {
  it("maps rooms to guests[].adultsCount and omits filters by default", () => {
    expect(toSearchBody(request, "1004")).toEqual({
      destinationId: "1004",
      checkinDate: "2026-09-15",
      checkoutDate: "2026-09-17",
      guests: [{ adultsCount: 2, childrenAges: [] }, { adultsCount: 1, childrenAges: [5, 9] }],
    });
  });

  it("turns breakfastIncluded into the confirmed meal_types filter", () => {
    expect(toSearchBody({ ...request, breakfastIncluded: true }, "1004").filters).toEqual([{ $objectType: "array", filterId: "meal_types", values: ["breakfast"] }]);
    expect(toSearchBody({ ...request, breakfastIncluded: false }, "1004").filters).toBeUndefined();
  });

  it("keys the search cache without ranking or presentation fields", () => {
    const key = searchKey(toSearchBody(request, "1004"));
    const reranked = searchKey(toSearchBody({ ...request, ranking: "best_value", maxOptions: 3, hotelName: "Ривьера", language: "en-US" }, "1004"));
    expect(reranked).toBe(key);
    expect(searchKey(toSearchBody({ ...request, breakfastIncluded: true }, "1004"))).not.toBe(key);
    expect(searchKey(toSearchBody({ ...request, rooms: [{ adults: 2, childrenAges: [] }, { adults: 1, childrenAges: [9, 5] }] }, "1004"))).not.toBe(key);
  });
});
