import { z } from "zod";
import { DEFAULT_LANG } from "../../../shared/locale.js";
import { defineTool } from "./define.js";
import { failure } from "../../shared/outcome.js";
import { CustomerBase, fact, READ_ANNOTATIONS, withBroker } from "./customer-common.js";
import { Obj, wire } from "./schemas.js";

const Output = wire(z.object({ ...CustomerBase, customer: Obj.optional() }));

export const getCustomer = defineTool({
  name: "tbank_hotels_get_customer",
  title: "Whose account",
  description: "Whose account the session reads: first name, whether email/phone exist.",
  toolset: "customer",
  input: wire(z.strictObject({})),
  output: Output,
  annotations: READ_ANNOTATIONS,
  handler: (_args, ctx) => {
    // A service JWT identifies this server, not the person: the customer route would only answer 401.
    if (!ctx.broker && ctx.config.hotels.auth.kind === "service_jwt") {
      return Promise.resolve(
        failure({
          status: "customer_context_required",
          retryAllowed: false,
          nextStep: "the service JWT profile carries no customer context, so no request was sent; customer reads need the auth broker: the person runs `tbank-mcp setup`, then `tbank-mcp login`",
        }),
      );
    }
    return withBroker(ctx, async (broker) => {
      const { customer } = await broker.call("hotels.get_customer", {});
      const yes = (b: boolean) => (b ? "есть" : "нет");
      return {
        structured: { status: "ok", customer },
        text: `status=ok\nаккаунт: ${fact(customer.firstName, DEFAULT_LANG)}; email: ${yes(customer.hasEmail)}; телефон: ${yes(customer.hasPhone)}`,
      };
    });
  },
});
