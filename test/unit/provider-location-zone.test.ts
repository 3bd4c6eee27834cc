import { describe, expect, it } from "vitest";
import { ProviderLocationSchema } from "../../mcp/hotels/provider/contract-search.js";

// A location's time zone is provider text: kept only when this runtime knows the zone, and the
// check is remembered per zone, so the answer must not depend on what was checked before.
const zoneOf = (timeZone: unknown) => ProviderLocationSchema.parse({ id: "1", name: "Казань", timeZone }).timeZone;

describe("a location's time zone", () => {
  it("keeps a zone the runtime knows, the same on every parse", () => {
    for (let i = 0; i < 3; i++) expect(zoneOf("Europe/Moscow")).toBe("Europe/Moscow");
  });

  it("drops an unknown zone, an over-long one and a non-string, again after a known one", () => {
    for (const bad of ["Mars/Olympus_Mons", `Europe/${"x".repeat(100_000)}`, 42, ""]) {
      expect(zoneOf(bad), String(bad).slice(0, 20)).toBeUndefined();
      expect(zoneOf("Asia/Yekaterinburg")).toBe("Asia/Yekaterinburg");
      expect(zoneOf(bad), String(bad).slice(0, 20)).toBeUndefined();
    }
  });
});
