import { z } from "zod";
import { withoutSchemaUrl } from "../schemas.js";
import { OrderHandleInput, orderReadTool } from "./order-read.js";

export const getBookingTaskStatus = orderReadTool({
  name: "get_booking_task_status",
  title: "Booking task status (raw)",
  description: "Raw status of the booking task behind an order by bookingRef or orderId; for a person's booking prefer tbank_hotels_get_booking.",
  input: withoutSchemaUrl(z.strictObject(OrderHandleInput)),
  op: "hotels.get_booking_task_status",
  viaBroker: (broker, bookingRef) => broker.call("hotels.get_booking_task_status", { bookingRef }),
  direct: (orders, orderId, _args, signal) => orders.bookingTask(orderId, { signal }),
});
