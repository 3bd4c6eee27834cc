import { createCatalog } from "../data/catalog.js";
import type { SandboxEnv } from "../env.js";
import type { RouteDef } from "../http.js";
import type { IdentityApi } from "../identity/types.js";
import { checkoutRoutes } from "./checkout.js";
import { filterAvailabilityRoutes } from "./filter-availability.js";
import type { HotelsContext } from "./context.js";
import { hotelPageRoutes } from "./hotel-page.js";
import { hotelRoutes } from "./hotel.js";
import { locationRoutes } from "./locations.js";
import { orderReadRoutes } from "./order-reads.js";
import { orderRoutes } from "./orders.js";
import { photoRoutes } from "./photos.js";
import { reviewOrderStatusRoutes } from "./review-order-status.js";
import { pointOfInterestRoutes } from "./points-of-interest.js";
import { reviewRoutes } from "./reviews.js";
import { mapRoutes } from "./search-map.js";
import { searchRoutes } from "./search.js";
import { seoRoutes } from "./seo.js";
import { valueRoutes } from "./value.js";
import { writeRoutes } from "./writes.js";
import { createOrderState } from "./writes-state.js";

/** The sandbox Hotels API: catalog, search, rates, checkout, customer orders and writes, and the public hotel page. */
export function createHotelsModule(env: SandboxEnv, identity: IdentityApi): { routes: RouteDef[]; commitCounts: Map<string, number>; dropAddOns: () => void } {
  // Hotels are generated per city on first use, so start-up only builds the location list.
  const ctx: HotelsContext = { env, identity, catalog: createCatalog(env.seed, () => env.origin(), { hostileText: env.hostileText, ...(env.hostileName === undefined ? {} : { hostileName: env.hostileName }) }), orders: createOrderState() };
  return {
    routes: [...locationRoutes(ctx), ...searchRoutes(ctx), ...filterAvailabilityRoutes(ctx), ...mapRoutes(ctx), ...hotelRoutes(ctx), ...reviewRoutes(ctx), ...pointOfInterestRoutes(ctx), ...valueRoutes(ctx), ...seoRoutes(ctx), ...checkoutRoutes(ctx), ...orderRoutes(ctx), ...reviewOrderStatusRoutes(ctx), ...orderReadRoutes(ctx), ...writeRoutes(ctx), ...hotelPageRoutes(ctx), ...photoRoutes()],
    commitCounts: ctx.orders.commitCounts,
    dropAddOns: () => ctx.orders.dropAddOns(),
  };
}
