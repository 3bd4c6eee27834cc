import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compareDecimal,
  decimalFromProviderNumber,
  DecimalError,
  divideDecimal,
  formatMoney,
  isCurrency,
  isDecimal,
  NBSP,
  parseDecimal,
  roundDecimal,
  subtractDecimal,
} from "../../shared/money.js";

// Arbitrary canonical decimals, units / 10^scale exactly, so tests never touch floats.
const decimalArb = fc
  .tuple(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.integer({ min: 0, max: 6 }))
  .map(([units, scale]) => divideDecimal(units.toString(), 10n ** BigInt(scale), scale));

// A decimal with at most `scale` fractional digits as an integer count of 10^-scale units.
function scaledUnits(d: string, scale: number): bigint {
  const [int = "0", frac = ""] = d.replace("-", "").split(".");
  const units = BigInt(int + frac.padEnd(scale, "0"));
  return d.startsWith("-") ? -units : units;
}

describe("canonical decimals", () => {
  it("accepts canonical strings only", () => {
    for (const ok of ["0", "1", "-1", "12345.5", "0.05", "-0.5", "18450.5"]) expect(isDecimal(ok)).toBe(true);
    for (const bad of ["", "-0", "00", "012.50", "1.50", "1.", ".5", "+1", "1e3", " 1", "1,5", "NaN", "0.0", "--1"]) {
      expect(isDecimal(bad), bad).toBe(false);
    }
    expect(parseDecimal("12.5")).toBe("12.5");
    expect(() => parseDecimal("12.50")).toThrow(DecimalError);
  });

  it("arithmetic results are canonical", () => {
    fc.assert(fc.property(decimalArb, decimalArb, (a, b) => isDecimal(a) && isDecimal(subtractDecimal(a, b)) && parseDecimal(a) === a));
  });
});

describe("decimalFromProviderNumber", () => {
  it("takes the shortest round-trip text of a JSON number", () => {
    const parsed = JSON.parse('{"a":18450.5,"b":0.3,"c":6000,"d":1e21,"e":1.5e-7,"f":-0,"g":12345.67}') as Record<
      string,
      number
    >;
    expect(decimalFromProviderNumber(parsed.a!)).toBe("18450.5");
    expect(decimalFromProviderNumber(parsed.b!)).toBe("0.3");
    expect(decimalFromProviderNumber(parsed.c!)).toBe("6000");
    expect(decimalFromProviderNumber(parsed.d!)).toBe("1000000000000000000000");
    expect(decimalFromProviderNumber(parsed.e!)).toBe("0.00000015");
    expect(decimalFromProviderNumber(parsed.f!)).toBe("0");
    expect(decimalFromProviderNumber(parsed.g!)).toBe("12345.67");
    expect(decimalFromProviderNumber(0.1 + 0.2)).toBe("0.30000000000000004");
    expect(decimalFromProviderNumber(-2.5e25)).toBe("-25000000000000000000000000");
    expect(decimalFromProviderNumber(5e-324)).toBe(`0.${"0".repeat(323)}5`);
  });

  it("rejects NaN and infinities", () => {
    for (const n of [NaN, Infinity, -Infinity]) expect(() => decimalFromProviderNumber(n)).toThrow(DecimalError);
  });

  it("always yields a canonical decimal that reads back as the same double", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        const d = decimalFromProviderNumber(n);
        return isDecimal(d) && Number(d) === (Object.is(n, -0) ? 0 : n);
      }),
    );
  });
});

describe("arithmetic", () => {
  it("compares by value, not by text", () => {
    expect(compareDecimal("9.99", "10")).toBe(-1);
    expect(compareDecimal("10", "9.99")).toBe(1);
    expect(compareDecimal("-1", "-0.5")).toBe(-1);
    expect(compareDecimal("100", "100")).toBe(0);
    expect(compareDecimal("0.1", "0.09")).toBe(1);
  });

  it("comparison is antisymmetric and agrees with subtraction", () => {
    fc.assert(
      fc.property(decimalArb, decimalArb, (a, b) => {
        expect(compareDecimal(a, b)).toBe(-compareDecimal(b, a) || 0);
        const diff = subtractDecimal(a, b);
        expect(compareDecimal(diff, "0")).toBe(compareDecimal(a, b));
      }),
    );
  });

  it("subtracts exactly", () => {
    expect(subtractDecimal("0.3", "0.1")).toBe("0.2");
    expect(subtractDecimal("18450.5", "18450.5")).toBe("0");
    expect(subtractDecimal("1000000000000000000", "0.01")).toBe("999999999999999999.99");
    fc.assert(fc.property(decimalArb, decimalArb, (a, b) => subtractDecimal(a, subtractDecimal(a, b)) === b));
  });

  it("divides by nights with half-up rounding", () => {
    expect(divideDecimal("18450.5", 2)).toBe("9225.25");
    expect(divideDecimal("10000", 3)).toBe("3333.33");
    expect(divideDecimal("20000", 3)).toBe("6666.67");
    expect(divideDecimal("0.05", 2)).toBe("0.03");
    expect(divideDecimal("0.25", 2, 1)).toBe("0.1");
    expect(divideDecimal("0.15", 2, 1)).toBe("0.1");
    expect(divideDecimal("0.3", 2, 1)).toBe("0.2");
    expect(divideDecimal("-0.05", 2)).toBe("-0.03");
    expect(divideDecimal("1.005", 1)).toBe("1.01");
    expect(divideDecimal("12000", 2, 0)).toBe("6000");
    expect(divideDecimal("7", 2, 0)).toBe("4");
    expect(divideDecimal("1", 3, 6)).toBe("0.333333");
    expect(divideDecimal("1.23456789", 1, 4)).toBe("1.2346");
    expect(roundDecimal("2.675")).toBe("2.68");
    expect(() => divideDecimal("1", 0)).toThrow(DecimalError);
    expect(() => divideDecimal("1", 2.5)).toThrow(DecimalError);
    expect(() => divideDecimal("1", 2, -1)).toThrow(DecimalError);
  });

  it("a quotient is within half a unit of its last place of the exact one", () => {
    fc.assert(
      fc.property(decimalArb, fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 4 }), (a, n, scale) => {
        const q = divideDecimal(a, n, scale);
        // |q·n − a| ≤ n/2 units of q's last place, in integers at one digit past both scales.
        const s = Math.max(scale, 6) + 1;
        const error = scaledUnits(q, s) * BigInt(n) - scaledUnits(a, s);
        const halfUnit = 5n * 10n ** BigInt(s - scale - 1);
        expect((error < 0n ? -error : error) <= BigInt(n) * halfUnit).toBe(true);
      }),
    );
  });

  it("rejects non-canonical operands", () => {
    expect(() => subtractDecimal("1.50", "1")).toThrow(DecimalError);
    expect(() => compareDecimal("1", "abc")).toThrow(DecimalError);
  });
});

describe("formatMoney", () => {
  const s = (text: string) => text.replaceAll(" ", NBSP);

  it("formats ru-RU style with no-break spaces", () => {
    expect(formatMoney("12345.5", "RUB")).toBe(s("12 345,50 ₽"));
    expect(formatMoney("1200", "USD")).toBe(s("1 200 $"));
    expect(formatMoney("1200", "EUR")).toBe(s("1 200 €"));
    expect(formatMoney("99.9", "KZT")).toBe(s("99,90 KZT"));
    expect(formatMoney("0", "RUB")).toBe(s("0 ₽"));
    expect(formatMoney("999", "RUB")).toBe(s("999 ₽"));
    expect(formatMoney("1000000", "RUB")).toBe(s("1 000 000 ₽"));
    expect(formatMoney("-1500.25", "RUB")).toBe(s("-1 500,25 ₽"));
    expect(formatMoney("6150.166", "RUB")).toBe(s("6 150,17 ₽"));
    expect(formatMoney("0.005", "RUB")).toBe(s("0,01 ₽"));
    expect(formatMoney("1.001", "RUB")).toBe(s("1,00 ₽"));
    expect(formatMoney("1.999", "RUB")).toBe(s("2,00 ₽"));
  });

  it("uses no ordinary spaces and rejects bad input", () => {
    expect(formatMoney("12345678.9", "RUB")).not.toContain(" ");
    expect(() => formatMoney("12.50", "RUB")).toThrow(DecimalError);
    expect(() => formatMoney("12", "rub")).toThrow(DecimalError);
    expect(isCurrency("RUB")).toBe(true);
    expect(isCurrency("RU")).toBe(false);
    expect(isCurrency("RUBL")).toBe(false);
  });
});

describe("formatMoney in English", () => {
  it("puts a one-letter symbol first, groups with commas and keeps two decimals", () => {
    expect(formatMoney("30827.5", "RUB", "en")).toBe("₽30,827.50");
    expect(formatMoney("120", "USD", "en")).toBe("$120");
    expect(formatMoney("-1234567.891", "EUR", "en")).toBe("-€1,234,567.89");
    expect(formatMoney("45000", "AMD", "en")).toBe("AMD\u00a045,000");
  });

  it("keeps the Russian format by default", () => {
    expect(formatMoney("30827.5", "RUB")).toBe("30\u00a0827,50\u00a0₽");
  });
});
