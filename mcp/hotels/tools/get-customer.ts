import { z } from "zod";
import { langOf, type Lang } from "../../../shared/locale.js";
import { defineTool } from "./define.js";
import { failure } from "../../shared/outcome.js";
import { CustomerBase, CustomerLanguage, fact, READ_ANNOTATIONS, withBroker } from "./customer-common.js";
import { AnyObject, withoutSchemaUrl } from "./schemas.js";

const Output = withoutSchemaUrl(z.object({ ...CustomerBase, customer: AnyObject.optional() }));

const LABELS = {
  ru: { account: "аккаунт", phone: "телефон", yes: "есть", no: "нет" },
  en: { account: "account", phone: "phone", yes: "yes", no: "no" },
} as const satisfies Record<Lang, Record<string, string>>;

export const getCustomer = defineTool({
  name: "tbank_hotels_get_customer",
  title: "Whose account",
  description: "Signed-in account: first name, has email/phone.",
  toolset: "customer",
  input: withoutSchemaUrl(z.strictObject({ language: CustomerLanguage.optional() })),
  output: Output,
  annotations: READ_ANNOTATIONS,
  handler: ({ language }, ctx) => {
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
      const lang = langOf(language);
      const l = LABELS[lang];
      const yes = (b: boolean) => (b ? l.yes : l.no);
      return {
        structured: { status: "ok", customer },
        text: `status=ok\n${l.account}: ${fact(customer.firstName, lang)}; email: ${yes(customer.hasEmail)}; ${l.phone}: ${yes(customer.hasPhone)}`,
      };
    });
  },
});
