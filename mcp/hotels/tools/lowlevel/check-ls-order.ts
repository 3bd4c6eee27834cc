import { z } from "zod";
import { withoutSchemaUrl } from "../schemas.js";
import { OrderHandleInput, orderReadTool } from "./order-read.js";

export const checkLsOrder = orderReadTool({
  name: "check_ls_order",
  title: "LS order check (raw)",
  description: "Raw check whether an order is an LS order, by bookingRef or orderId; for a person's booking prefer tbank_hotels_get_booking.",
  input: withoutSchemaUrl(z.strictObject(OrderHandleInput)),
  op: "hotels.check_ls_order",
  viaBroker: (broker, bookingRef) => broker.call("hotels.check_ls_order", { bookingRef }),
  direct: (orders, orderId, _args, signal) => orders.lsOrderCheck(orderId, { signal }),
});
