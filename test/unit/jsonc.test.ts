import { describe, expect, it } from "vitest";
import { stripJsonc } from "../../scripts/cli/clients/jsonc.js";

describe("stripJsonc", () => {
  it("drops line and block comments and trailing commas, and says comments were there", () => {
    const r = stripJsonc('{\n  // a\n  "x": [1, 2,], /* b */\n  "y": { "z": 1, /* c */ },\n}');
    expect(JSON.parse(r.json)).toEqual({ x: [1, 2], y: { z: 1 } });
    expect(r.comments).toBe(true);
  });

  it("leaves strings byte for byte: slashes, escaped quotes, commas before a brace", () => {
    const text = '{"url": "https://a//b", "q": "say \\"/* no */\\"", "c": ",}"}';
    expect(stripJsonc(text)).toEqual({ json: text, comments: false });
  });
});
