import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isRef, newRef, pooledRandomBytes, REF_PREFIXES, refBodyLength, refPattern, sha256Hex } from "../../shared/refs.js";
import type { RefKind } from "../../shared/refs.js";

const KINDS = Object.keys(REF_PREFIXES) as RefKind[];
const fill = (byte: number) => (size: number) => new Uint8Array(size).fill(byte);

describe("refs", () => {
  it("a ref of one kind is never taken for a ref of another kind", () => {
    fc.assert(
      fc.property(fc.constantFrom(...KINDS), fc.constantFrom(...KINDS), fc.uint8Array({ minLength: 64, maxLength: 64 }), (made, asked, bytes) => {
        const ref = newRef(made, (size) => bytes.subarray(0, size));
        expect(isRef(asked, ref)).toBe(asked === made);
      }),
    );
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

  it("sha256Hex gives the published SHA-256 test vectors, for strings as UTF-8 and for bytes", () => {
    // FIPS 180-2 examples and the empty message.
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).toBe("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    expect(sha256Hex(new Uint8Array([0x61, 0x62, 0x63]))).toBe(sha256Hex("abc"));
    expect(sha256Hex("₽")).toBe(sha256Hex(new Uint8Array([0xe2, 0x82, 0xbd])));
  });

  it("sha256Hex is 64 lowercase hex characters and tells distinct inputs apart", () => {
    fc.assert(
      fc.property(fc.uint8Array(), fc.uint8Array(), (a, b) => {
        expect(sha256Hex(a)).toMatch(/^[0-9a-f]{64}$/);
        expect(sha256Hex(a) === sha256Hex(b)).toBe(Buffer.from(a).equals(Buffer.from(b)));
      }),
    );
  });
});

describe("pooledRandomBytes", () => {
  it("never hands out the same bytes twice, across block boundaries and sizes", () => {
    // 20,000 draws of 9 bytes span ~44 blocks; with 72 random bits a repeat means reused bytes.
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i++) seen.add(pooledRandomBytes(9).toString("hex"));
    expect(seen.size).toBe(20_000);
    const sizes = [1, 16, 32, 9, 511, 512, 513, 4096, 0];
    for (const size of sizes) expect(pooledRandomBytes(size).length).toBe(size);
  });

  it("gives each caller bytes of its own: changing one answer changes no other", () => {
    const a = pooledRandomBytes(16);
    const b = pooledRandomBytes(16);
    const before = Buffer.from(b);
    a.fill(0);
    expect(b.equals(before)).toBe(true);
    // Drawn past the block, an earlier answer stays as it was (the block is replaced, not refilled).
    for (let i = 0; i < 600; i++) pooledRandomBytes(16);
    expect(b.equals(before)).toBe(true);
  });

  it("refuses a size that is not a count of bytes", () => {
    expect(() => pooledRandomBytes(-1)).toThrow(RangeError);
    expect(() => pooledRandomBytes(1.5)).toThrow(RangeError);
  });
});
