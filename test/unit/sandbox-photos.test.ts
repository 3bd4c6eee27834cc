import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { encodePng } from "../../scripts/sandbox/data/png.js";
import { hotelPhoto } from "../../scripts/sandbox/hotels/photos.js";

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The chunks of a PNG, each with its CRC checked by a reader that knows nothing of ours. */
function chunks(png: Buffer): { type: string; data: Buffer }[] {
  const out: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    out.push({ type, data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  return out;
}

describe("the sandbox's hotel photos", () => {
  it("are PNGs: signature, a 320×200 RGB header, one IDAT that inflates to the scanlines, IEND", () => {
    const png = hotelPhoto("0123456789ab", 1);
    expect([...png.subarray(0, 8)]).toEqual(SIGNATURE);
    const parts = chunks(png);
    expect(parts.map((c) => c.type)).toEqual(["IHDR", "IDAT", "IEND"]);
    const ihdr = parts[0]!.data;
    expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ihdr[8], ihdr[9]]).toEqual([320, 200, 8, 2]);
    expect(inflateSync(parts[1]!.data).length).toBe(200 * (1 + 320 * 3));
  });

  it("weigh a few KB and are the same bytes for the same path", () => {
    const png = hotelPhoto("0123456789ab", 1);
    expect(png.length).toBeGreaterThan(500);
    expect(png.length).toBeLessThan(8 * 1024);
    expect(hotelPhoto("0123456789ab", 1).equals(png)).toBe(true);
    expect(hotelPhoto("ba9876543210", 1).equals(png)).toBe(false);
  });

  it("carry each chunk's CRC over its type and data (a 1×1 pixel, checked by hand)", () => {
    const png = encodePng(1, 1, () => [255, 0, 0]);
    const ihdrCrc = png.readUInt32BE(8 + 8 + 13);
    // The well-known CRC of a 1×1 8-bit RGB IHDR.
    expect(ihdrCrc.toString(16)).toBe("907753de");
    expect([...inflateSync(chunks(png)[1]!.data)]).toEqual([0, 255, 0, 0]);
  });
});
