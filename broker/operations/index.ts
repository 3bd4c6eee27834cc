import type { HandlerMap } from "../types.js";
import { bankingConsumePaymentHandoff } from "./banking-consume-payment-handoff.js";
import { bankingGetHotelPreferences } from "./banking-get-hotel-preferences.js";
import { bankingStatus } from "./banking-status.js";
import { brokerDecideApproval } from "./broker-decide-approval.js";
import { brokerListApprovals } from "./broker-list-approvals.js";
import { brokerLoginPoll } from "./broker-login-poll.js";
import { brokerLoginStart } from "./broker-login-start.js";
import { brokerLogout } from "./broker-logout.js";
import { brokerStatus } from "./broker-status.js";
import { brokerStop } from "./broker-stop.js";
import type { OperationDeps } from "./deps.js";
import { deleteVouchersAfterSession, revokeSessionState } from "./deps.js";
import { hotelsCheckLsOrder } from "./hotels-check-ls-order.js";
import { hotelsCreatePaymentHandoff } from "./hotels-create-payment-handoff.js";
import { hotelsExecuteWrite } from "./hotels-execute-write.js";
import { hotelsGetBooking } from "./hotels-get-booking.js";
import { hotelsGetBookingTaskStatus } from "./hotels-get-booking-task-status.js";
import { hotelsGetCustomer } from "./hotels-get-customer.js";
import { hotelsGetEvoBooking } from "./hotels-get-evo-booking.js";
import { hotelsGetReservation } from "./hotels-get-reservation.js";
import { hotelsListBookings } from "./hotels-list-bookings.js";
import { hotelsOpenWriteApproval } from "./hotels-open-write-approval.js";
import { hotelsSaveCalendarEntry } from "./hotels-save-calendar-entry.js";
import { hotelsSaveVoucher } from "./hotels-save-voucher.js";
import { hotelsStatus } from "./hotels-status.js";

export type { OperationDeps } from "./deps.js";
export { revokeSessionState } from "./deps.js";
export { perNightBand } from "./preference-band.js";

/**
 * The handler for every v2 operation. Also ties the session-bound state to the session: when it
 * ends for any reason (logout, invalid_grant, refresh-token reuse), refs and capabilities die,
 * saved vouchers are deleted, and executes waiting for the person's approval end (nothing sent).
 */
export function createOperations(deps: OperationDeps): HandlerMap {
  deps.session.onEnded(() => {
    deps.writes?.clearApprovals();
    deleteVouchersAfterSession(deps, revokeSessionState(deps));
  });
  return {
    "hotels.status": hotelsStatus(deps),
    "hotels.get_customer": hotelsGetCustomer(deps),
    "hotels.list_bookings": hotelsListBookings(deps),
    "hotels.get_booking_v1": hotelsGetBooking(deps),
    "hotels.save_voucher_v1": hotelsSaveVoucher(deps),
    "hotels.save_calendar_entry_v1": hotelsSaveCalendarEntry(deps),
    "hotels.create_payment_handoff": hotelsCreatePaymentHandoff(deps),
    "hotels.get_reservation": hotelsGetReservation(deps),
    "hotels.get_evo_booking": hotelsGetEvoBooking(deps),
    "hotels.get_booking_task_status": hotelsGetBookingTaskStatus(deps),
    "hotels.check_ls_order": hotelsCheckLsOrder(deps),
    "hotels.open_write_approval_v1": hotelsOpenWriteApproval(deps),
    "hotels.execute_write_v1": hotelsExecuteWrite(deps),
    "banking.status": bankingStatus(deps),
    "banking.get_hotel_preferences": bankingGetHotelPreferences(deps),
    "banking.consume_payment_handoff": bankingConsumePaymentHandoff(deps),
    "broker.status": brokerStatus(deps),
    "broker.login_start": brokerLoginStart(deps),
    "broker.login_poll": brokerLoginPoll(deps),
    "broker.logout": brokerLogout(deps),
    "broker.stop": brokerStop(deps),
    "broker.list_approvals": brokerListApprovals(deps),
    "broker.decide_approval": brokerDecideApproval(deps),
  };
}
