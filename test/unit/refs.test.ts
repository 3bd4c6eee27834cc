import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isRef, newRef, REF_PREFIXES, refBodyLength, refPattern, sha256Hex } from "../../shared/refs.js";
import type { RefKind } from "../../shared/refs.js";

const KINDS = Object.keys(REF_PREFIXES) as RefKind[];
const fill = (byte: number) => (size: number) => new Uint8Array(size).fill(byte);

describe("refs", () => {
  it("uses the documented prefixes and sizes", () => {
    expect(REF_PREFIXES.bookingRef).toEqual({ prefix: "bkr_", bytes: 16 });
    expect(REF_PREFIXES.paymentHandoffRef).toEqual({ prefix: "phr_", bytes: 32 });
    expect(REF_PREFIXES.journeyId.prefix).toBe("jrn_");
    expect(REF_PREFIXES.optionId.prefix).toBe("opt_");
    expect(REF_PREFIXES.extraServiceOptionRef.prefix).toBe("esr_");
    expect(REF_PREFIXES.loginId.prefix).toBe("lgn_");
    const prefixes = KINDS.map((k) => REF_PREFIXES[k].prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });

  it("encodes 128 bits as 22 and 256 bits as 43 base64url characters", () => {
    expect(refBodyLength(16)).toBe(22);
    expect(refBodyLength(32)).toBe(43);
    const bkr = newRef("bookingRef");
    const phr = newRef("paymentHandoffRef");
    expect(bkr).toMatch(/^bkr_[A-Za-z0-9_-]{22}$/);
    expect(phr).toMatch(/^phr_[A-Za-z0-9_-]{43}$/);
  });

  it("is deterministic with an injected random source", () => {
    expect(newRef("bookingRef", fill(0))).toBe(`bkr_${"A".repeat(22)}`);
    expect(newRef("bookingRef", fill(0xff))).toBe(`bkr_${"_".repeat(21)}w`);
    const calls: number[] = [];
    const ref = newRef("paymentHandoffRef", (size) => {
      calls.push(size);
      return Uint8Array.from({ length: size }, (_, i) => i);
    });
    expect(calls).toEqual([32]);
    expect(ref).toBe(`phr_${Buffer.from(Array.from({ length: 32 }, (_, i) => i)).toString("base64url")}`);
  });

  it("refuses a short read from the random source", () => {
    expect(() => newRef("bookingRef", () => new Uint8Array(15))).toThrow(RangeError);
  });

  it("gives distinct refs from the real source", () => {
    const refs = new Set(Array.from({ length: 1000 }, () => newRef("bookingRef")));
    expect(refs.size).toBe(1000);
  });

  it("isRef accepts every ref newRef can make, for every kind", () => {
    for (const kind of KINDS) {
      fc.assert(
        fc.property(fc.uint8Array({ minLength: REF_PREFIXES[kind].bytes, maxLength: REF_PREFIXES[kind].bytes }), (bytes) => {
          const ref = newRef(kind, () => bytes);
          expect(isRef(kind, ref)).toBe(true);
          expect(Buffer.from(ref.slice(4), "base64url")).toEqual(Buffer.from(bytes));
        }),
        { numRuns: 200 },
      );
    }
  });

  it("isRef rejects wrong prefix, length, alphabet and non-canonical endings", () => {
    const good = newRef("bookingRef", fill(7));
    expect(isRef("bookingRef", good)).toBe(true);
    expect(isRef("paymentHandoffRef", good)).toBe(false);
    expect(isRef("bookingRef", good.replace("bkr_", "phr_"))).toBe(false);
    expect(isRef("bookingRef", good.slice(0, -1))).toBe(false);
    expect(isRef("bookingRef", `${good}A`)).toBe(false);
    expect(isRef("bookingRef", `${good.slice(0, -2)}+A`)).toBe(false);
    expect(isRef("bookingRef", `${good.slice(0, -1)}=`)).toBe(false);
    expect(isRef("bookingRef", ` ${good}`)).toBe(false);
    // 16 bytes leave 4 zero padding bits: "B" decodes to the same bytes but is not canonical.
    expect(isRef("bookingRef", `bkr_${"A".repeat(21)}B`)).toBe(false);
    expect(isRef("bookingRef", undefined)).toBe(false);
    expect(isRef("bookingRef", 42)).toBe(false);
    expect(refPattern("paymentHandoffRef").test(newRef("paymentHandoffRef"))).toBe(true);
  });

  it("sha256Hex matches node:crypto for strings and bytes", () => {
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const bytes = new Uint8Array([1, 2, 3]);
    expect(sha256Hex(bytes)).toBe(createHash("sha256").update(bytes).digest("hex"));
  });
});
