import { describe, expect, it } from "vitest";
import type { PublicOption } from "../../mcp/hotels/journey/options.js";
import { viewMeta } from "../../mcp/hotels/tools/view-meta.js";
import { extrasOf, VIEW_META_KEY } from "../../mcp/hotels/views/model/extras.js";

// The result _meta the journey tools add for the view: the shown options' photos and positions.

const option = (optionId: string, extra: Partial<PublicOption> = {}): PublicOption => ({ optionId, coverPhotoUrl: `https://photos.example/${optionId}.jpg`, ...extra }) as PublicOption;

describe("viewMeta", () => {
  const options = [option("a", { coordinates: { lat: 55.79, lon: 49.1 } }), option("b"), option("c", { coverPhotoUrl: "" }), option("d", { coverPhotoUrl: "javascript:alert(1)" })];

  it("lists the shown options in their order, each with what it has", () => {
    const meta = viewMeta(options, ["c", "a", "b", "gone"]);
    expect(meta).toEqual({
      [VIEW_META_KEY]: {
        options: [
          { optionId: "c" },
          { optionId: "a", coverPhotoUrl: "https://photos.example/a.jpg", point: { lat: 55.79, lon: 49.1 } },
          { optionId: "b", coverPhotoUrl: "https://photos.example/b.jpg" },
        ],
      },
    });
    // What the view parses is what the server wrote.
    expect(extrasOf(meta)).toEqual(meta[VIEW_META_KEY]);
  });

  it("passes only http(s) photo URLs and adds the near point", () => {
    const meta = viewMeta(options, ["d"], { name: "Kremlin", coordinates: { lat: 55.799, lon: 49.105 } });
    expect(meta[VIEW_META_KEY]).toEqual({ options: [{ optionId: "d" }], near: { name: "Kremlin", lat: 55.799, lon: 49.105 } });
  });
});
