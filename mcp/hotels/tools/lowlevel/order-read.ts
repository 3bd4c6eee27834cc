import { z } from "zod";
import type { OperationName } from "../../../../shared/protocol/operations.js";
import type { BrokerClient } from "../../../shared/broker-client.js";
import { failure, type FailureFields } from "../../../shared/outcome.js";
import type { HotelsContext } from "../../context.js";
import type { HotelsOrderApi } from "../../provider/order-api.js";
import { withBroker } from "../customer-common.js";
import { defineTool, type HotelsToolDef, type ToolOutcome } from "../define.js";
import { Failure, withoutSchemaUrl } from "../schemas.js";
import { lowlevelTool } from "./define-lowlevel.js";

// The order reads need customer context, and the server has it in exactly one of two ways:
// - the combined profile (TBANK_AUTH_BROKER_SOCKET): the broker reads with the person's session,
//   behind a bookingRef, and answers through its allowlist (no provider ids, no guests' PII);
// - a static or service profile without the broker: this server reads by provider orderId with its
//   own configured auth (the seed's integration contract).
// Either way this server never holds a user token. The other mode's id is refused, naming the one to use.

/** The order's handle: exactly one of the two, depending on the server's profile (checked in the handler). */
export const OrderHandleInput = { bookingRef: z.string().optional(), orderId: z.string().optional() };
type OrderHandle = { bookingRef?: string | undefined; orderId?: string | undefined };

// `status` is a string: besides the provider failures of every low-level tool, the broker's codes
// (invalid_ref, ref_expired, mobile_login_required, ...) can answer here.
export const OrderReadOutput = withoutSchemaUrl(z.object({ status: z.string(), data: z.unknown().optional(), ...Failure }));

export interface OrderReadSpec<I extends z.ZodObject> {
  /** Without the `tbank_hotels_` prefix. */
  name: string;
  title: string;
  description: string;
  input: I;
  op: OperationName;
  viaBroker(broker: BrokerClient, bookingRef: string, args: z.infer<I>): Promise<unknown>;
  direct(orders: HotelsOrderApi, orderId: string, args: z.infer<I>, signal: AbortSignal): Promise<unknown>;
}

const LIST_STEP = "pass bookingRef exactly as tbank_hotels_list_bookings returned it";

export function orderReadTool<I extends z.ZodObject>(spec: OrderReadSpec<I>): HotelsToolDef<I, typeof OrderReadOutput> {
  const base = lowlevelTool({
    name: spec.name,
    title: spec.title,
    description: spec.description,
    input: spec.input,
    read: (args: z.infer<I> & OrderHandle, ctx, extra) =>
      ctx.broker ? spec.viaBroker(ctx.broker, args.bookingRef ?? "", args) : spec.direct(ctx.provider.orders, args.orderId ?? "", args, extra.signal),
  });
  return defineTool({
    name: base.name,
    title: base.title,
    description: base.description,
    toolset: base.toolset,
    input: base.input,
    output: OrderReadOutput,
    annotations: base.annotations,
    handler: async (args: z.infer<I> & OrderHandle, ctx, extra) => {
      const refused = refusal(args, ctx);
      if (refused) return refused;
      if (!ctx.broker) return base.handler(args, ctx, extra);
      // Provider failures come back from the broker as its codes, which withBroker maps; the
      // bookingRef's form is checked there before anything is sent.
      return withBroker(ctx, () => base.handler(args, ctx, extra), { bookingRef: args.bookingRef, op: spec.op });
    },
  });
}

function invalid(field: "bookingRef" | "orderId", message: string, nextStep: string): ToolOutcome<FailureFields> {
  return failure({ status: "invalid_input", retryAllowed: false, message, errors: [{ field, message }], nextStep });
}

/** The handle this server cannot use, or none at all: refused before any broker or HTTP call. */
function refusal(args: OrderHandle, ctx: HotelsContext): ToolOutcome<FailureFields> | undefined {
  if (ctx.broker) {
    if (args.orderId !== undefined) return invalid("orderId", "this server reads orders through the auth broker, which takes bookingRef, not orderId", LIST_STEP);
    if (args.bookingRef === undefined) return invalid("bookingRef", "bookingRef is required", LIST_STEP);
    return undefined;
  }
  if (ctx.config.hotels.auth.kind === "anonymous") {
    const nextStep =
      "order reads need customer context: the auth broker (`tbank-mcp setup`, then bookingRef) or a TBANK_HOTELS_AUTH_* / service JWT profile (then orderId); configured outside the chat, then restart this server";
    return failure({ status: "not_configured", retryAllowed: false, nextStep });
  }
  const direct = "call again with orderId, the provider's order id";
  if (args.bookingRef !== undefined) return invalid("bookingRef", "bookingRef needs the auth broker (TBANK_AUTH_BROKER_SOCKET); this server reads by orderId with its own auth profile", direct);
  if (args.orderId === undefined) return invalid("orderId", "orderId is required", direct);
  return undefined;
}
