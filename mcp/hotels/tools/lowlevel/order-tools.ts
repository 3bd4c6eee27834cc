import type { AnyToolDef } from "../define.js";
import { checkLsOrder } from "./check-ls-order.js";
import { getBookingTaskStatus } from "./get-booking-task-status.js";
import { getEvoBooking } from "./get-evo-booking.js";
import { getReservation } from "./get-reservation.js";

/** The low-level order reads, in tools/list order. */
export const LOWLEVEL_ORDER_TOOLS: readonly AnyToolDef[] = [getReservation, getEvoBooking, getBookingTaskStatus, checkLsOrder];
