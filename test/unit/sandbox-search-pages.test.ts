import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSandboxClock } from "../../scripts/sandbox/clock.js";
import { createCatalog } from "../../scripts/sandbox/data/catalog.js";
import { makeSecretFactory, type SandboxEnv } from "../../scripts/sandbox/env.js";
import type { HotelsContext } from "../../scripts/sandbox/hotels/context.js";
import { searchRoutes } from "../../scripts/sandbox/hotels/search.js";
import { createOrderState } from "../../scripts/sandbox/hotels/writes-state.js";

// Every answer of the sandbox's search route over a walk that asks each offset of a search in turn,
// from its first request (most pages still loading, polled) to past its end (the pages at offsets
// 6 mod 7 start one item early), digested: what the route answered once it priced an unfiltered page by
// page (commit 8be10f2) and stated the priced room's capacity (issue 30). Any other change must keep it.
const PAGES_DIGEST = "e0b88c1bbe07e8e560b8ea1547511562adb2b536282815170e6fcd70ccc1c9de";

const SEED = "search-pages";
const STAY = { checkinDate: "2027-03-15", checkoutDate: "2027-03-18", guests: [{ adultsCount: 2, childrenAges: [4] }] };

function context(hostileText: boolean): HotelsContext {
  const env: SandboxEnv = { clock: createSandboxClock(() => Date.UTC(2027, 0, 10)), seed: SEED, canary: undefined, accessTokenTtlSeconds: 60, refreshTokenTtlSeconds: 600, deviceCodeTtlSeconds: 60, deviceIntervalSeconds: 0, origin: () => "http://sandbox.invalid", secret: makeSecretFactory(undefined), hostileText };
  const identity: HotelsContext["identity"] = {
    verifyAccessToken: () => undefined,
    approve: () => undefined,
    deny: () => undefined,
    stats: () => ({ sessionsActive: 0, sessionsRevoked: 0, accessTokensIssued: 0, refreshRotations: 0, reuseDetections: 0, revocationRequests: 0 }),
  };
  return { env, identity, catalog: createCatalog(SEED, () => "http://sandbox.invalid", { hostileText }), orders: createOrderState() };
}

describe("sandbox search pages", () => {
  it("answers a walk over every offset of unfiltered and filtered searches as it did before pricing page by page", async () => {
    const digest = createHash("sha256");
    for (const hostileText of [false, true]) {
      const ctx = context(hostileText);
      const search = searchRoutes(ctx).find((r) => r.id === "search");
      if (!search) throw new Error("no search route");
      let n = 0;
      const post = async (body: Record<string, unknown>): Promise<{ searchId: string; totalCount: number }> => {
        const res = await search.handler({ method: "POST", url: new URL("http://sandbox.invalid/api/v3/search"), params: {}, headers: {}, rawBody: Buffer.from(JSON.stringify(body)), requestId: `req_${++n}` });
        digest.update(`${res.status}\n`).update(res.body).update("\n");
        return JSON.parse(String(res.body)) as { searchId: string; totalCount: number };
      };
      for (const name of ["Казань", "Ереван", "Москва"]) {
        const destinationId = ctx.catalog.locations.find((l) => l.name === name)?.id;
        if (destinationId === undefined) throw new Error(`${name} is not in the catalog`);
        for (const filters of [[], [{ filterId: "meal_types", $objectType: "array", values: ["breakfast"] }]]) {
          const first = await post({ destinationId, ...STAY, filters });
          for (let offset = 0; offset <= first.totalCount + 1; offset++) await post({ destinationId, ...STAY, filters, offset, searchId: first.searchId });
        }
      }
    }
    expect(digest.digest("hex")).toBe(PAGES_DIGEST);
  });
});
