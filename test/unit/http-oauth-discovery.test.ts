import { describe, expect, it } from "vitest";
import { discoverJwksUri } from "../../mcp/hotels/http/auth/discovery.js";

const ISSUER = "https://id.example";

describe("OAuth discovery of the issuer's JWKS", () => {
  it("stops reading a metadata answer past its cap instead of holding all of it", async () => {
    let pulled = 0;
    const endless = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            pulled += 65_536;
            controller.enqueue(new Uint8Array(65_536).fill(0x20));
          },
        }),
        { status: 200, headers: { "content-type": "application/json" } },
      );
    await expect(discoverJwksUri(ISSUER, () => Promise.resolve(endless()))).rejects.toThrow(/larger than 262144 bytes/);
    // Both well-known URLs tried, each given up a chunk or so past 256 KiB.
    expect(pulled).toBeLessThanOrEqual(2 * (262_144 + 2 * 65_536));
  });

  it("refuses a declared length past the cap without reading, and still takes a good answer", async () => {
    const big = new Response("{}", { status: 200, headers: { "content-length": "999999999" } });
    const good = new Response(JSON.stringify({ issuer: ISSUER, jwks_uri: `${ISSUER}/jwks` }), { status: 200 });
    const answers = [big, good];
    await expect(discoverJwksUri(ISSUER, () => Promise.resolve(answers.shift() ?? new Response("", { status: 404 })))).resolves.toBe(`${ISSUER}/jwks`);
  });

  it("refuses metadata that names another issuer", async () => {
    const other = new Response(JSON.stringify({ issuer: "https://evil.example", jwks_uri: "https://evil.example/jwks" }), { status: 200 });
    await expect(discoverJwksUri(ISSUER, () => Promise.resolve(other))).rejects.toThrow(/names issuer https:\/\/evil.example/);
  });
});
