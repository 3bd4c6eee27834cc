import type { z } from "zod";
import { EmptyArgsSchema, type Role } from "./common.js";
import {
  CreatePaymentHandoffArgsSchema,
  CreatePaymentHandoffResultSchema,
  GetBookingArgsSchema,
  GetBookingResultSchema,
  GetCustomerArgsSchema,
  GetCustomerResultSchema,
  ListBookingsArgsSchema,
  ListBookingsResultSchema,
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

// Every v2 operation with its argument and result schema. The broker dispatches with a handler
// map keyed like this one; clients parse results with the same schemas.
export const OPERATIONS = {
  "hotels.status": { args: StatusArgsSchema, result: StatusResultSchema },
  "hotels.get_customer": { args: GetCustomerArgsSchema, result: GetCustomerResultSchema },
  "hotels.list_bookings": { args: ListBookingsArgsSchema, result: ListBookingsResultSchema },
  "hotels.get_booking_v1": { args: GetBookingArgsSchema, result: GetBookingResultSchema },
  "hotels.save_voucher_v1": { args: SaveVoucherArgsSchema, result: SaveVoucherResultSchema },
  "hotels.create_payment_handoff": { args: CreatePaymentHandoffArgsSchema, result: CreatePaymentHandoffResultSchema },
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
} as const satisfies Record<string, { args: z.ZodType; result: z.ZodType }>;

export type OperationName = keyof typeof OPERATIONS;
export type OperationArgs<Op extends OperationName> = z.infer<(typeof OPERATIONS)[Op]["args"]>;
export type OperationResult<Op extends OperationName> = z.infer<(typeof OPERATIONS)[Op]["result"]>;

export const OPERATION_NAMES = Object.keys(OPERATIONS) as readonly OperationName[];

// The Hotels MCP's low-level order reads (`lowlevel` toolset), added to the hotels allowlist after
// the customer reads. A broker started from an older toolkit does not list them: clients treat that
// as "not available from this broker", not as an unverified session.
export const HOTELS_ORDER_READ_OPERATIONS = ["hotels.get_reservation", "hotels.get_evo_booking", "hotels.get_booking_task_status", "hotels.check_ls_order"] as const satisfies readonly OperationName[];

// Writes (issue 16): the hotels role asks, only the toolkit role (the person's terminal) decides.
// Execution is further gated by the broker's own configuration (hotels.status reports the gates).
export const HOTELS_WRITE_OPERATIONS = ["hotels.open_write_approval_v1", "hotels.execute_write_v1"] as const satisfies readonly OperationName[];

// The v2 allowlist (DESIGN.md section 3). A role sees nothing outside its own row.
export const ROLE_OPERATIONS: Readonly<Record<Role, readonly OperationName[]>> = {
  hotels: [
    "hotels.status",
    "hotels.get_customer",
    "hotels.list_bookings",
    "hotels.get_booking_v1",
    "hotels.save_voucher_v1",
    "hotels.create_payment_handoff",
    ...HOTELS_ORDER_READ_OPERATIONS,
    ...HOTELS_WRITE_OPERATIONS,
  ],
  banking: ["banking.status", "banking.get_hotel_preferences", "banking.consume_payment_handoff"],
  toolkit: ["broker.status", "broker.login_start", "broker.login_poll", "broker.logout", "broker.stop", "broker.list_approvals", "broker.decide_approval"],
};

export function isOperationName(op: unknown): op is OperationName {
  return typeof op === "string" && Object.hasOwn(OPERATIONS, op);
}

export function isAllowed(role: Role, op: string): op is OperationName {
  return isOperationName(op) && ROLE_OPERATIONS[role].includes(op);
}
