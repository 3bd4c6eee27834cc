import type { jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";

// Neither server sends elicitation requests, so neither needs the SDK's Ajv validator for them
// (the bins replace Ajv with a stub; see scripts/build.mjs). Passing this one keeps the SDK from
// loading it in tests and in the unbundled sources.
export const NO_ELICITATION_VALIDATOR: jsonSchemaValidator = {
  getValidator: () => () => ({ valid: false, data: undefined, errorMessage: "elicitation is not used by this server" }),
};
