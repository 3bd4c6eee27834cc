import { z } from "zod";
import { DEFAULT_ORDER_API_VERSION, OrderApiVersionSchema } from "../../../../shared/protocol/ops-hotels-orders.js";
import { withoutSchemaUrl } from "../schemas.js";
import { OrderHandleInput, orderReadTool } from "./order-read.js";

export const getReservation = orderReadTool({
  name: "get_reservation",
  title: "Order (raw, v1-v3)",
  description: "Raw order read (booking v1/v2/v3, default v3) by bookingRef or orderId; for a person's booking prefer tbank_hotels_get_booking.",
  input: withoutSchemaUrl(z.strictObject({ ...OrderHandleInput, apiVersion: OrderApiVersionSchema.optional() })),
  op: "hotels.get_reservation",
  viaBroker: (broker, bookingRef, { apiVersion }) => broker.call("hotels.get_reservation", { bookingRef, apiVersion: apiVersion ?? DEFAULT_ORDER_API_VERSION }),
  direct: (orders, orderId, { apiVersion }, signal) => orders.reservation(orderId, apiVersion ?? DEFAULT_ORDER_API_VERSION, { signal }),
});
