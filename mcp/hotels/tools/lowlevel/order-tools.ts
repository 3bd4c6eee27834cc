import type { AnyToolDef } from "../define.js";
import { checkLsOrder } from "./check-ls-order.js";
import { getBookingTaskStatus } from "./get-booking-task-status.js";
import { getEvoBooking } from "./get-evo-booking.js";
import { getReservation } from "./get-reservation.js";
import { getReviewOrderStatusTool } from "./get-review-order-status.js";

/** The low-level order reads, in tools/list order. */
export const LOWLEVEL_ORDER_TOOLS: readonly AnyToolDef[] = [getReservation, getEvoBooking, getBookingTaskStatus, checkLsOrder];

/**
 * Every tool that reads one person's order by its id with whatever credential this server holds
 * (the review status too: it tells a stranger's stay dates and state). Served to the integrator
 * who holds that credential, over stdio; never to whoever holds a key to a shared endpoint.
 */
export const PERSON_ORDER_TOOLS: readonly AnyToolDef[] = [...LOWLEVEL_ORDER_TOOLS, getReviewOrderStatusTool];
