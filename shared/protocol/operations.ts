import type { z } from "zod";
import { EmptyArgsSchema } from "./common.js";
import type { OperationName } from "./operation-names.js";
import {
  CreatePaymentHandoffArgsSchema,
  CreatePaymentHandoffResultSchema,
  GetBookingArgsSchema,
  GetBookingResultSchema,
  GetCustomerArgsSchema,
  GetCustomerResultSchema,
  ListBookingsArgsSchema,
  ListBookingsResultSchema,
  SaveCalendarEntryArgsSchema,
  SaveCalendarEntryResultSchema,
  SaveVoucherArgsSchema,
  SaveVoucherResultSchema,
  StatusArgsSchema,
  StatusResultSchema,
} from "./ops-hotels.js";
import {
  CheckLsOrderArgsSchema,
  CheckLsOrderResultSchema,
  GetBookingTaskStatusArgsSchema,
  GetBookingTaskStatusResultSchema,
  GetEvoBookingArgsSchema,
  GetEvoBookingResultSchema,
  GetReservationArgsSchema,
  GetReservationResultSchema,
} from "./ops-hotels-orders.js";
import {
  DecideApprovalArgsSchema,
  DecideApprovalResultSchema,
  ExecuteWriteArgsSchema,
  ExecuteWriteAnswerSchema,
  ListApprovalsArgsSchema,
  ListApprovalsResultSchema,
  OpenWriteApprovalArgsSchema,
  OpenWriteApprovalResultSchema,
} from "./ops-hotels-writes.js";
import {
  ConsumePaymentHandoffArgsSchema,
  ConsumePaymentHandoffResultSchema,
  GetHotelPreferencesArgsSchema,
  GetHotelPreferencesResultSchema,
} from "./ops-banking.js";
import {
  BrokerStatusResultSchema,
  LoginPollArgsSchema,
  LoginPollResultSchema,
  LoginStartResultSchema,
  LogoutResultSchema,
  StopResultSchema,
} from "./ops-broker.js";

// Every v2 operation (named in operation-names.ts: one missing or extra here does not compile) with
// its argument and result schema. The broker dispatches with a handler map keyed like this one;
// clients parse results with the same schemas.
export const OPERATIONS = {
  "hotels.status": { args: StatusArgsSchema, result: StatusResultSchema },
  "hotels.get_customer": { args: GetCustomerArgsSchema, result: GetCustomerResultSchema },
  "hotels.list_bookings": { args: ListBookingsArgsSchema, result: ListBookingsResultSchema },
  "hotels.get_booking_v1": { args: GetBookingArgsSchema, result: GetBookingResultSchema },
  "hotels.save_voucher_v1": { args: SaveVoucherArgsSchema, result: SaveVoucherResultSchema },
  "hotels.create_payment_handoff": { args: CreatePaymentHandoffArgsSchema, result: CreatePaymentHandoffResultSchema },
  "hotels.save_calendar_entry_v1": { args: SaveCalendarEntryArgsSchema, result: SaveCalendarEntryResultSchema },
  "hotels.get_reservation": { args: GetReservationArgsSchema, result: GetReservationResultSchema },
  "hotels.get_evo_booking": { args: GetEvoBookingArgsSchema, result: GetEvoBookingResultSchema },
  "hotels.get_booking_task_status": { args: GetBookingTaskStatusArgsSchema, result: GetBookingTaskStatusResultSchema },
  "hotels.check_ls_order": { args: CheckLsOrderArgsSchema, result: CheckLsOrderResultSchema },
  "hotels.open_write_approval_v1": { args: OpenWriteApprovalArgsSchema, result: OpenWriteApprovalResultSchema },
  "hotels.execute_write_v1": { args: ExecuteWriteArgsSchema, result: ExecuteWriteAnswerSchema },
  "banking.status": { args: StatusArgsSchema, result: StatusResultSchema },
  "banking.get_hotel_preferences": { args: GetHotelPreferencesArgsSchema, result: GetHotelPreferencesResultSchema },
  "banking.consume_payment_handoff": { args: ConsumePaymentHandoffArgsSchema, result: ConsumePaymentHandoffResultSchema },
  "broker.status": { args: EmptyArgsSchema, result: BrokerStatusResultSchema },
  "broker.login_start": { args: EmptyArgsSchema, result: LoginStartResultSchema },
  "broker.login_poll": { args: LoginPollArgsSchema, result: LoginPollResultSchema },
  "broker.logout": { args: EmptyArgsSchema, result: LogoutResultSchema },
  "broker.stop": { args: EmptyArgsSchema, result: StopResultSchema },
  "broker.list_approvals": { args: ListApprovalsArgsSchema, result: ListApprovalsResultSchema },
  "broker.decide_approval": { args: DecideApprovalArgsSchema, result: DecideApprovalResultSchema },
} as const satisfies Record<OperationName, { args: z.ZodType; result: z.ZodType }>;

export type OperationArgs<Op extends OperationName> = z.infer<(typeof OPERATIONS)[Op]["args"]>;
export type OperationResult<Op extends OperationName> = z.infer<(typeof OPERATIONS)[Op]["result"]>;

export { HOTELS_CALENDAR_OPERATIONS, HOTELS_ORDER_READ_OPERATIONS, HOTELS_WRITE_OPERATIONS, isAllowed, isOperationName, OPERATION_NAMES, ROLE_OPERATIONS, type OperationName } from "./operation-names.js";
