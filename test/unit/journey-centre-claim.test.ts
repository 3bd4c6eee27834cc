import { describe, expect, it } from "vitest";
import { CENTRE_CLAIM_MAX_KM, farCentreClaim } from "../../mcp/hotels/journey/centre-claim.js";

describe("a description's claim of the centre against the distance", () => {
  it.each([
    ["Отель 4* в историческом центре, 6.1 км от центра города Казань.", "в историческом центре"],
    ["Уютный отель в самом центре города.", "в самом центре города"],
    ["Hotel in the city centre, close to shops.", "in the city centre"],
    ["Located in the heart of the city.", "in the heart of the city"],
    ["A modern downtown hotel.", "downtown"],
    ["Right in the historic center.", "in the historic center"],
  ])("finds the claim in %s", (description, claim) => {
    expect(farCentreClaim(description, 5.8)).toBe(claim);
  });

  it("says nothing of a distance («от центра», «до центра пешком») or of a hotel near the centre", () => {
    expect(farCentreClaim("Отель 3* в деловом квартале, 5.8 км от центра города Казань.", 5.8)).toBeNull();
    expect(farCentreClaim("Отличное расположение, до центра пешком.", 5.8)).toBeNull();
    expect(farCentreClaim("Отель в историческом центре.", CENTRE_CLAIM_MAX_KM)).toBeNull();
    expect(farCentreClaim("Отель в историческом центре.", 1.2)).toBeNull();
    // Without the provider's distance there is nothing to set against the claim.
    expect(farCentreClaim("Отель в историческом центре.", Number.NaN)).toBeNull();
  });
});
