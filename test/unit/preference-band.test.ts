import { describe, expect, it } from "vitest";
import { perNightBand } from "../../broker/operations/preference-band.js";

const stay = (perNight: number, nights = 2, currency = "RUB") => ({ nights, amount: { value: perNight * nights, currency } });

describe("perNightBand", () => {
  it("takes the 20th..80th nearest-rank percentiles of RUB per-night prices, widened 10% to whole hundreds", () => {
    const stays = [6100, 7000, 8000, 9000, 10_000, 11_000, 12_000, 12_900].map((p) => stay(p));
    // n = 8: 20th percentile is the 2nd value (7000), 80th the 7th (12000).
    expect(perNightBand({ stays: [...stays, stay(120, 3, "EUR")] })).toEqual({ min: 6300, max: 13_200, currency: "RUB", staysCount: 8 });
  });

  it("rounds per-night prices half-up in decimals and skips zero-night or non-positive stays", () => {
    const band = perNightBand({ stays: [{ nights: 3, amount: { value: 10_000.5, currency: "RUB" } }, { nights: 0, amount: { value: 5, currency: "RUB" } }, stay(-100)] });
    expect(band).toEqual({ min: 3000, max: 3700, currency: "RUB", staysCount: 1 });
  });

  it("has no band without RUB stays", () => {
    expect(perNightBand({ stays: [stay(100, 2, "EUR")] })).toBeUndefined();
    expect(perNightBand({ stays: [] })).toBeUndefined();
  });
});
