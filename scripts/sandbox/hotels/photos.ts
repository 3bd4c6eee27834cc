import { encodePng, type Rgb } from "../data/png.js";
import { digest } from "../data/prng.js";
import { providerError, type RouteDef, type SandboxResponse } from "../http.js";

// [hotel_photo] the pictures behind the catalog's photo URLs, so a view shows real images. The
// path is opaque (no hotel id in it): the album part picks the hotel's colour, the photo number
// turns the light, so one hotel's photos look alike and two hotels' differ. The URLs keep the
// provider's `.jpg` (search answers are pinned by test/unit/sandbox-search-pages.test.ts); the
// bytes are PNG and say so in Content-Type, which is what a browser goes by.

const WIDTH = 320;
const HEIGHT = 200;
const ALBUM = /^[0-9a-f]{12}$/;
const FILE = /^(\d{1,2})-[0-9a-f]{10}\.jpg$/;

/** The hotel's colour (hue from its album) and the photo's light. */
function palette(album: string, n: number): { base: Rgb; sky: Rgb } {
  const hue = (parseInt(digest("photo-hue", album).slice(0, 4), 16) / 0x10000) * 360;
  const light = 0.35 + ((n * 37) % 30) / 100;
  return { base: hsl(hue, 0.45, light), sky: hsl((hue + 30) % 360, 0.5, Math.min(0.85, light + 0.3)) };
}

function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => 255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1)));
  return [f(0), f(8), f(4)];
}

/** A sky-to-ground gradient with a building's silhouette: a picture, a few KB. */
export function hotelPhoto(album: string, n: number): Buffer {
  const { base, sky } = palette(album, n);
  const mix = (t: number): Rgb => [sky[0] + (base[0] - sky[0]) * t, sky[1] + (base[1] - sky[1]) * t, sky[2] + (base[2] - sky[2]) * t];
  const wall: Rgb = [base[0] * 0.6, base[1] * 0.6, base[2] * 0.6];
  return encodePng(WIDTH, HEIGHT, (x, y) => {
    const building = x > WIDTH * 0.3 && x < WIDTH * 0.7 && y > HEIGHT * 0.25;
    const window = building && x % 16 > 9 && y % 20 > 12;
    if (window) return [250, 236, 180];
    return building ? wall : mix(y / HEIGHT);
  });
}

const png = (body: Buffer): SandboxResponse => ({
  status: 200,
  contentType: "image/png",
  // A CDN's headers: the picture behind a URL never changes, and any page may show it.
  headers: { "cache-control": "public, max-age=31536000, immutable", "cross-origin-resource-policy": "cross-origin" },
  body,
});

export function photoRoutes(): RouteDef[] {
  return [
    {
      id: "hotel_photo",
      method: "GET",
      path: "/static/hotels/:album/:file",
      handler: (req) => {
        const album = req.params.album ?? "";
        const file = FILE.exec(req.params.file ?? "");
        if (!ALBUM.test(album) || !file) return providerError(404, "not_found", "no such photo", req.requestId);
        return png(hotelPhoto(album, Number(file[1])));
      },
    },
  ];
}
