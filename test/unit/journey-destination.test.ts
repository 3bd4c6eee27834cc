import { describe, expect, it } from "vitest";
import { matchHotelName, resolveDestination } from "../../mcp/hotels/journey/destination.js";
import { editDistance, latinKey, normalizeName } from "../../mcp/hotels/journey/text.js";
import { toCatalogLocation, type CatalogLocation } from "../../mcp/hotels/journey/provider-shapes.js";

const loc = (id: string, name: string, region: string, hotelsCount = 50, country = "Россия"): CatalogLocation =>
  toCatalogLocation({ id, name, fullName: `${name}, ${region}, ${country}`, type: "city", region, country, hotelsCount });

const CATALOG = [
  loc("1001", "Москва", "Москва", 410),
  loc("1004", "Казань", "Республика Татарстан", 180),
  loc("1005", "Кировск", "Мурманская область", 40),
  loc("1006", "Кировск", "Ленинградская область", 30),
  loc("1007", "Ростов-на-Дону", "Ростовская область", 120),
  loc("1008", "Королёв", "Московская область", 35),
  loc("1009", "Санкт-Петербург", "Санкт-Петербург", 390),
  loc("1010", "Ереван", "Ереван", 60, "Армения"),
];

describe("names", () => {
  it("normalizes case, ё, dashes, quotes and whitespace", () => {
    expect(normalizeName("  Ростов—на‐Дону ")).toBe("ростов на дону");
    expect(normalizeName("КОРОЛЁВ")).toBe("королев");
    expect(normalizeName("«Отель  Ривьера»")).toBe("отель ривьера");
    expect(editDistance("казань", "казнь")).toBe(1);
  });
});

describe("destination resolution", () => {
  it("resolves an exact name whatever its spelling", () => {
    for (const q of ["Казань", "казань", " КАЗАНЬ ", "г. Казань"]) {
      expect(resolveDestination(q, CATALOG)).toEqual({ status: "resolved", destination: { destinationId: "1004", name: "Казань", region: "Республика Татарстан", country: "Россия" } });
    }
    expect(resolveDestination("ростов на дону", CATALOG)).toMatchObject({ status: "resolved", destination: { destinationId: "1007" } });
    expect(resolveDestination("Королев", CATALOG)).toMatchObject({ status: "resolved", destination: { destinationId: "1008" } });
    expect(resolveDestination("Ереван", CATALOG)).toMatchObject({ status: "resolved", destination: { country: "Армения" } });
  });

  it("asks which one for an ambiguous name, bigger city first", () => {
    expect(resolveDestination("Кировск", CATALOG)).toEqual({
      status: "clarification_required",
      reason: "ambiguous",
      candidates: [
        { destinationId: "1005", name: "Кировск", region: "Мурманская область", country: "Россия" },
        { destinationId: "1006", name: "Кировск", region: "Ленинградская область", country: "Россия" },
      ],
    });
  });

  it("narrows an ambiguous name by region", () => {
    expect(resolveDestination("Кировск, Ленинградская область", CATALOG)).toMatchObject({ status: "resolved", destination: { destinationId: "1006" } });
    expect(resolveDestination("Кировск, Ленинградская", CATALOG)).toMatchObject({ status: "resolved", destination: { destinationId: "1006" } });
    expect(resolveDestination("Кировск, Тульская область", CATALOG)).toMatchObject({ status: "clarification_required", reason: "ambiguous" });
  });

  it("offers prefix and typo candidates without resolving them", () => {
    expect(resolveDestination("Казнь", CATALOG)).toEqual({
      status: "clarification_required",
      reason: "no_exact_match",
      candidates: [{ destinationId: "1004", name: "Казань", region: "Республика Татарстан", country: "Россия" }],
    });
    const prefix = resolveDestination("Санкт", CATALOG);
    expect(prefix).toMatchObject({ status: "clarification_required", candidates: [{ destinationId: "1009" }] });
    const many = resolveDestination("Кр", [...CATALOG, ...Array.from({ length: 8 }, (_, i) => loc(`20${i}`, `Кр${i}`, "X"))]);
    expect(many.status === "clarification_required" && many.candidates.length).toBe(5);
  });

  it("meets English spellings of the Russian names: transliterations, their variants, exonyms", () => {
    const id = (q: string): unknown => {
      const r = resolveDestination(q, CATALOG);
      return r.status === "resolved" ? r.destination.destinationId : r.status;
    };
    expect(id("Kazan")).toBe("1004");
    expect(id("Rostov-on-Don")).toBe("clarification_required"); // not a transliteration: asked, not guessed
    expect(id("Rostov-na-Donu")).toBe("1007");
    expect(id("Korolev")).toBe("1008");
    expect(id("Yerevan")).toBe("1010");
    expect(id("Erevan")).toBe("1010");
    for (const q of ["Moscow", "moscow", "Moskva", "Saint Petersburg", "St. Petersburg", "Sankt-Peterburg"]) expect(id(q)).not.toBe("clarification_required");
    expect(id("Moscow")).toBe("1001");
    expect(id("St. Petersburg")).toBe("1009");
    expect(id("Kirovsk")).toBe("clarification_required");
    expect(id("Kirovsk, Leningradskaya")).toBe("1006");
    expect(resolveDestination("Kazn", CATALOG)).toMatchObject({ status: "clarification_required", reason: "no_exact_match", candidates: [{ destinationId: "1004" }] });
    expect(id("Atlantis")).toBe("destination_not_found");
    // A qualifier that fits no candidate asks instead of picking the Russian city.
    expect(resolveDestination("St. Petersburg, Florida", CATALOG)).toMatchObject({ status: "clarification_required", reason: "no_exact_match", candidates: [{ destinationId: "1009" }] });
    expect(id("Moscow, Idaho")).toBe("clarification_required");
    expect(id("Казань, Тульская область")).toBe("clarification_required");
    expect(id("Moscow, Russia")).toBe("1001");
    expect(id("Yerevan, Armenia")).toBe("1010");
    expect(id("Kazan, Armenia")).toBe("clarification_required");
    for (const q of ["constructor", "__proto__", "toString", "hasOwnProperty"]) expect(id(q)).toBe("destination_not_found");
    expect(latinKey(normalizeName("Нижний Новгород"))).toBe(latinKey(normalizeName("Nizhny Novgorod")));
    expect(latinKey(normalizeName("Екатеринбург"))).toBe(latinKey(normalizeName("Yekaterinburg")));
  });

  it("reports destination_not_found when nothing is close", () => {
    expect(resolveDestination("Атлантида", CATALOG)).toEqual({ status: "destination_not_found", candidates: [] });
    expect(resolveDestination("  ", CATALOG)).toEqual({ status: "destination_not_found", candidates: [] });
  });
});

describe("hotelName matching among the journey's options", () => {
  const options = [
    { optionId: "opt_1", name: "Отель «Ривьера»" },
    { optionId: "opt_2", name: "Riviera Hotel" },
    { optionId: "opt_3", name: "Ривьера Парк" },
    { optionId: "opt_4", name: "Гранд Отель Казань" },
  ];

  it("prefers exact matches, ignoring generic words and quotes", () => {
    expect(matchHotelName("ривьера", options)).toEqual([{ optionId: "opt_1", name: "Отель «Ривьера»", match: "exact" }]);
    expect(matchHotelName("Riviera", options)).toEqual([{ optionId: "opt_2", name: "Riviera Hotel", match: "exact" }]);
  });

  it("falls back to contains, then typo-tolerant matches", () => {
    expect(matchHotelName("Гранд", options)).toEqual([{ optionId: "opt_4", name: "Гранд Отель Казань", match: "contains" }]);
    expect(matchHotelName("Ривьера Парг", options).map((m) => [m.optionId, m.match])).toEqual([
      ["opt_1", "contains"],
      ["opt_3", "fuzzy"],
    ]);
    expect(matchHotelName("Ривера", options).map((m) => [m.optionId, m.match])).toEqual([
      ["opt_1", "fuzzy"],
      ["opt_3", "fuzzy"],
    ]);
  });

  it("finds nothing outside the given options", () => {
    expect(matchHotelName("Хилтон", options)).toEqual([]);
    expect(matchHotelName("отель", options)).toEqual([]);
  });
});
