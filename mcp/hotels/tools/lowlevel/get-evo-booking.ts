import { z } from "zod";
import { withoutSchemaUrl } from "../schemas.js";
import { OrderHandleInput, orderReadTool } from "./order-read.js";

export const getEvoBooking = orderReadTool({
  name: "get_evo_booking",
  title: "Supplier booking (raw)",
  description: "Raw supplier-side (EVO) booking of an order by bookingRef or orderId; for a person's booking prefer tbank_hotels_get_booking.",
  input: withoutSchemaUrl(z.strictObject(OrderHandleInput)),
  op: "hotels.get_evo_booking",
  viaBroker: (broker, bookingRef) => broker.call("hotels.get_evo_booking", { bookingRef }),
  direct: (orders, orderId, _args, signal) => orders.evoBooking(orderId, { signal }),
});
