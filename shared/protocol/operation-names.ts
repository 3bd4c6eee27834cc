import type { Role } from "./common.js";

// The operation names and each role's allowlist, without the schemas: the broker checks a request
// against these before it loads the operations (shared/protocol/operations.ts holds the schemas).

// The signed-in customer's reads and the payment handoff: the hotels role's first operations.
const HOTELS_CUSTOMER_OPERATIONS = [
  "hotels.status",
  "hotels.get_customer",
  "hotels.list_bookings",
  "hotels.get_booking_v1",
  "hotels.save_voucher_v1",
  "hotels.create_payment_handoff",
] as const;

// Added after the first customer operations (issue 34): a broker started from an older toolkit does
// not list it, which clients treat as "not available from this broker", as for the order reads.
export const HOTELS_CALENDAR_OPERATIONS = ["hotels.save_calendar_entry_v1"] as const;

// The Hotels MCP's low-level order reads (`lowlevel` toolset), added to the hotels allowlist after
// the customer reads. A broker started from an older toolkit does not list them: clients treat that
// as "not available from this broker", not as an unverified session.
export const HOTELS_ORDER_READ_OPERATIONS = ["hotels.get_reservation", "hotels.get_evo_booking", "hotels.get_booking_task_status", "hotels.check_ls_order"] as const;

// Writes (issue 16): the hotels role asks, only the toolkit role (the person's terminal) decides.
// Execution is further gated by the broker's own configuration (hotels.status reports the gates).
export const HOTELS_WRITE_OPERATIONS = ["hotels.open_write_approval_v1", "hotels.execute_write_v1"] as const;

const BANKING_OPERATIONS = ["banking.status", "banking.get_hotel_preferences", "banking.consume_payment_handoff"] as const;

const TOOLKIT_OPERATIONS = ["broker.status", "broker.login_start", "broker.login_poll", "broker.logout", "broker.stop", "broker.list_approvals", "broker.decide_approval"] as const;

export const OPERATION_NAMES = [
  ...HOTELS_CUSTOMER_OPERATIONS,
  ...HOTELS_CALENDAR_OPERATIONS,
  ...HOTELS_ORDER_READ_OPERATIONS,
  ...HOTELS_WRITE_OPERATIONS,
  ...BANKING_OPERATIONS,
  ...TOOLKIT_OPERATIONS,
] as const;

export type OperationName = (typeof OPERATION_NAMES)[number];

const NAMES: ReadonlySet<string> = new Set(OPERATION_NAMES);

// The v2 allowlist (DESIGN.md section 3). A role sees nothing outside its own row.
export const ROLE_OPERATIONS: Readonly<Record<Role, readonly OperationName[]>> = {
  hotels: [...HOTELS_CUSTOMER_OPERATIONS, ...HOTELS_CALENDAR_OPERATIONS, ...HOTELS_ORDER_READ_OPERATIONS, ...HOTELS_WRITE_OPERATIONS],
  banking: BANKING_OPERATIONS,
  toolkit: TOOLKIT_OPERATIONS,
};

export function isOperationName(op: unknown): op is OperationName {
  return typeof op === "string" && NAMES.has(op);
}

export function isAllowed(role: Role, op: string): op is OperationName {
  return isOperationName(op) && ROLE_OPERATIONS[role].includes(op);
}
