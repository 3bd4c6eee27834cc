import { z } from "zod";
import { failure, success } from "../../shared/outcome.js";
import { defineTool } from "./define.js";
import { BookingRefInput, CustomerBase, OptionalAnyValue, READ_ANNOTATIONS, withBroker } from "./customer-common.js";
import { withoutSchemaUrl } from "./schemas.js";

const SaveOutput = withoutSchemaUrl(z.object({ ...CustomerBase, path: OptionalAnyValue, sizeBytes: OptionalAnyValue, sha256: OptionalAnyValue, expiresAt: OptionalAnyValue }));

export const saveVoucher = defineTool({
  name: "tbank_hotels_save_voucher",
  title: "Save voucher PDF",
  description: "On request, saves the voucher PDF to a private file; returns its path.",
  toolset: "customer",
  input: withoutSchemaUrl(BookingRefInput),
  output: SaveOutput,
  // It writes a file (0600, in the private voucher directory), so it is not read-only.
  annotations: { ...READ_ANNOTATIONS, readOnlyHint: false, idempotentHint: false },
  handler: ({ bookingRef }, ctx) =>
    withBroker(
      ctx,
      async (broker) => {
        const v = await broker.call("hotels.save_voucher_v1", { bookingRef });
        const nextStep = `tell the person the file path; the file is deleted at ${v.expiresAt}`;
        return success({ status: "ok", ...v, nextStep }, ["status=ok", `voucher saved: ${v.path} (${v.sizeBytes} bytes, sha256 ${v.sha256})`]);
      },
      { bookingRef, op: "hotels.save_voucher_v1" },
    ),
});

const RefuseOutput = withoutSchemaUrl(z.object({ ...CustomerBase, message: OptionalAnyValue }));

export const getVoucher = defineTool({
  name: "tbank_hotels_get_voucher",
  title: "Voucher guard",
  description: "Refuses inline vouchers; use tbank_hotels_save_voucher.",
  // The guard answers in every configuration (the lowlevel toolset lists it too, as the seed does).
  toolset: "always",
  input: withoutSchemaUrl(BookingRefInput),
  output: RefuseOutput,
  annotations: { ...READ_ANNOTATIONS, openWorldHint: false },
  handler: () => {
    const nextStep = "call tbank_hotels_save_voucher with the same bookingRef: it saves the PDF to a private local file and returns its path";
    const message = "voucher contents are never returned inline";
    return Promise.resolve(failure({ status: "inline_delivery_refused", retryAllowed: false, message, nextStep }));
  },
});
