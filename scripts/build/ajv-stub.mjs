// Bundled in place of the MCP SDK's Ajv provider in the server bins. The servers pass their own
// validator (they never send elicitation requests), so Ajv need not be loaded at start-up.
export class AjvJsonSchemaValidator {
  getValidator() {
    throw new Error("JSON Schema validation is not available in this build");
  }
}
