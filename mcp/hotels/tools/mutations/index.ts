import type { AnyToolDef } from "../define.js";
import { BOOKING_MUTATION_TOOLS } from "./booking.js";
import { CANCELLATION_MUTATION_TOOLS } from "./cancellation.js";
import { EXTRA_SERVICES_MUTATION_TOOLS } from "./extra-services.js";
import { LS_BOOKING_MUTATION_TOOLS } from "./ls-booking.js";
import { PAYMENT_SETUP_MUTATION_TOOLS } from "./payment-setup.js";
import { PROMO_CODE_MUTATION_TOOLS } from "./promo-code.js";

/** The `mutations` toolset (opt-in): prepare/execute per write kind, in tools/list order. */
export const MUTATION_TOOLS: readonly AnyToolDef[] = [
  ...BOOKING_MUTATION_TOOLS,
  ...LS_BOOKING_MUTATION_TOOLS,
  ...CANCELLATION_MUTATION_TOOLS,
  ...PAYMENT_SETUP_MUTATION_TOOLS,
  ...PROMO_CODE_MUTATION_TOOLS,
  ...EXTRA_SERVICES_MUTATION_TOOLS,
];
