import { z } from "zod";
import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_OPTIONS, fieldPath, parsePlanStayInput, PlanStayInputSchema, planStayInputShape } from "../../mcp/hotels/journey/input.js";

const TODAY = "2026-09-01";
const base = { destination: "Казань", checkinDate: "2026-09-15", checkoutDate: "2026-09-17", rooms: [{ adults: 2, childrenAges: [] }] };

function errorsOf(raw: unknown) {
  const r = parsePlanStayInput(raw, TODAY);
  if (r.ok) throw new Error("expected errors");
  return r.error;
}

function requestOf(raw: unknown) {
  const r = parsePlanStayInput(raw, TODAY);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

describe("plan_stay input: canonical form", () => {
  it("normalizes the canonical example with defaults", () => {
    expect(requestOf(base)).toEqual({ ...base, nights: 2, maxOptions: DEFAULT_MAX_OPTIONS });
  });

  it("keeps optional fields and fills a room's missing childrenAges with []", () => {
    const prefs = { pricePerNight: { min: 6000, max: 13000, currency: "RUB" }, ranking: "best_value" as const, showAlternativesOutsideBand: true };
    const r = requestOf({ ...base, rooms: [{ adults: 1 }], language: "ru-RU", ranking: "highest_rating", maxOptions: 20, breakfastIncluded: true, hotelName: "Ривьера", hotelPreferences: prefs });
    expect(r).toMatchObject({ rooms: [{ adults: 1, childrenAges: [] }], language: "ru-RU", ranking: "highest_rating", maxOptions: 20, breakfastIncluded: true, hotelName: "Ривьера", hotelPreferences: prefs });
  });

  it("accepts checkin today and exactly 30 nights", () => {
    expect(requestOf({ ...base, checkinDate: TODAY, checkoutDate: "2026-10-01" }).nights).toBe(30);
  });
});

describe("plan_stay input: bounded aliases", () => {
  it("maps location, guests, limit and childrenAge", () => {
    const r = requestOf({ location: "Казань", checkinDate: "2026-09-15", checkoutDate: "2026-09-16", guests: 3, childrenAge: [4, 9], limit: 5 });
    expect(r).toMatchObject({ destination: "Казань", rooms: [{ adults: 3, childrenAges: [4, 9] }], maxOptions: 5 });
  });

  it("maps adultsCount and a single childrenAge number", () => {
    const { destination: _d, rooms: _r, ...rest } = base;
    expect(requestOf({ ...rest, location: "Сочи", adultsCount: 2, childrenAge: 7 }).rooms).toEqual([{ adults: 2, childrenAges: [7] }]);
  });

  it.each([
    ["destination", "location", { location: "Казань" }],
    ["maxOptions", "limit", { maxOptions: 5, limit: 5 }],
    ["rooms", "guests", { guests: 2 }],
    ["rooms", "adultsCount", { adultsCount: 2 }],
    ["rooms", "childrenAge", { childrenAge: [3] }],
  ])("rejects %s together with its alias %s, naming both", (canonical, alias, extra) => {
    const errors = errorsOf({ ...base, ...extra });
    const conflict = errors.find((e) => e.field === alias);
    expect(conflict?.message).toContain(canonical);
    expect(conflict?.message).toContain(alias);
  });

  it("rejects guests together with adultsCount", () => {
    const { rooms: _r, ...rest } = base;
    expect(errorsOf({ ...rest, guests: 2, adultsCount: 2 })).toEqual([{ field: "guests", message: expect.stringContaining("adultsCount") as string }]);
  });
});

describe("plan_stay input: local validation, every problem at once", () => {
  it("reports unknown fields, bad dates, rooms, adults and child ages together", () => {
    const errors = errorsOf({
      destination: "Казань",
      checkinDate: "2026-02-30",
      checkoutDate: "2026-13-01",
      rooms: [{ adults: 0, childrenAges: [18, 2.5] }, { adults: 7, children: 1 }, { adults: 1, childrenAges: [1, 1, 1, 1, 1] }],
      sort: "price",
      maxOptions: 21,
    });
    const fields = errors.map((e) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        "checkinDate",
        "checkoutDate",
        "rooms[0].adults",
        "rooms[2].childrenAges",
        "rooms[0].childrenAges[0]",
        "rooms[0].childrenAges[1]",
        "rooms[1].adults",
        "rooms[1].children",
        "sort",
        "maxOptions",
      ]),
    );
    expect(errors.find((e) => e.field === "rooms[1].children")?.message).toContain("childrenAges");
    expect(errors.find((e) => e.field === "sort")?.message).toBe("unknown field");
  });

  it("rejects a missing child age instead of guessing", () => {
    const errors = errorsOf({ ...base, rooms: [{ adults: 2, childrenAges: [5, null] }] });
    expect(errors).toEqual([{ field: "rooms[0].childrenAges[1]", message: expect.stringContaining("missing") as string }]);
  });

  it("rejects checkout not after checkin, more than 30 nights and a checkin in the past", () => {
    expect(errorsOf({ ...base, checkoutDate: "2026-09-15" })).toEqual([{ field: "checkoutDate", message: "must be after checkinDate" }]);
    expect(errorsOf({ ...base, checkoutDate: "2026-10-16" })[0]?.message).toContain("30 nights");
    expect(errorsOf({ ...base, checkinDate: "2026-08-31", checkoutDate: "2026-09-02" })).toEqual([
      { field: "checkinDate", message: "is in the past (today is 2026-09-01)" },
    ]);
  });

  it("rejects 0 or 6 rooms and a fifth child", () => {
    expect(errorsOf({ ...base, rooms: [] })[0]?.field).toBe("rooms");
    expect(errorsOf({ ...base, rooms: Array.from({ length: 6 }, () => ({ adults: 1 })) })[0]?.field).toBe("rooms");
    expect(errorsOf({ ...base, rooms: [{ adults: 2, childrenAges: [1, 2, 3, 4, 5] }] })[0]?.field).toBe("rooms[0].childrenAges");
  });

  it("requires destination, dates and guests", () => {
    expect(errorsOf({})).toEqual(
      expect.arrayContaining([
        { field: "checkinDate", message: "required" },
        { field: "checkoutDate", message: "required" },
        { field: "destination", message: "required: a city name" },
        { field: "rooms", message: expect.stringContaining("required") as string },
      ]),
    );
  });

  it("rejects an inverted price band and a non-object input", () => {
    const prefs = { pricePerNight: { min: 9000, max: 5000, currency: "RUB" } };
    expect(errorsOf({ ...base, hotelPreferences: prefs })).toEqual([{ field: "hotelPreferences.pricePerNight", message: "min must not exceed max" }]);
    expect(errorsOf("Казань").some((e) => e.field === "(input)")).toBe(true);
  });
});

describe("plan_stay schema for tool registration", () => {
  it("is a strict object built from an exported raw shape, convertible to JSON Schema", () => {
    expect(Object.keys(planStayInputShape)).toContain("destination");
    const json = z.toJSONSchema(PlanStayInputSchema) as { additionalProperties?: boolean; required?: string[] };
    expect(json.additionalProperties).toBe(false);
    expect(json.required).toEqual(["checkinDate", "checkoutDate"]);
  });

  it("formats zod paths as field names", () => {
    expect(fieldPath(["rooms", 0, "childrenAges", 1])).toBe("rooms[0].childrenAges[1]");
  });
});
