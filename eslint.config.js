import js from "@eslint/js";
import tseslint from "typescript-eslint";
import nodePlugin from "eslint-plugin-n";

export default tseslint.config(
  { ignores: ["dist/**", "build-tools/**", "node_modules/**", "coverage/**", "scripts/build.mjs", "scripts/bundle.mjs", "scripts/build/**", "eslint.config.js"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { n: nodePlugin },
    rules: {
      // stdout of an MCP process is the protocol wire: nothing may print through console.
      "no-console": "error",
      "n/prefer-node-protocol": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-syntax": [
        "error",
        { selector: "ExportDefaultDeclaration", message: "Named exports only." },
        {
          selector: "MemberExpression[object.name='process'][property.name='exit']",
          message: "Only entrypoints map errors to exit codes.",
        },
      ],
    },
  },
  {
    files: ["mcp/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/broker/**"], message: "mcp/ talks to the broker over its socket, never by import." }] }],
    },
  },
  {
    files: ["shared/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/broker/**", "**/mcp/**", "**/scripts/**"], message: "shared/ imports nothing above it." }] }],
    },
  },
  {
    // The HTTP servers (remote MCP, approval page, sandbox) and the broker's socket server stay a
    // set of small middlewares and handlers, not one closure that routes by hand (issue 32).
    files: ["mcp/hotels/http/**/*.ts", "broker/server/**/*.ts", "broker/writes/approval-*.ts", "scripts/sandbox/*.ts"],
    rules: { "max-lines-per-function": ["error", { max: 60, skipBlankLines: true, skipComments: true }] },
  },
  {
    // The MCP App view is browser code with its own tsconfig (DOM, no Node). Data goes into the
    // page as text: markup sinks are banned so a hotel name or a review can never become HTML.
    files: ["mcp/hotels/views/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [
        { group: ["node:*"], message: "The view runs in a browser." },
        { group: ["**/broker/**", "**/tools/**", "**/journey/**", "**/provider/**"], message: "The view reads tool results, never server code." },
      ] }],
      "no-restricted-properties": ["error",
        { property: "innerHTML", message: "Insert text with textContent or el()." },
        { property: "outerHTML", message: "Insert text with textContent or el()." },
        { property: "insertAdjacentHTML", message: "Insert text with textContent or el()." },
      ],
      "no-restricted-syntax": ["error",
        { selector: "ExportDefaultDeclaration", message: "Named exports only." },
        { selector: "CallExpression[callee.property.name='write'][callee.object.name='document']", message: "No document.write." },
      ],
    },
  },
  {
    // Entrypoints own process exit codes.
    files: ["**/bin/*.ts", "scripts/cli/main.ts"],
    rules: { "no-restricted-syntax": ["error", { selector: "ExportDefaultDeclaration", message: "Named exports only." }] },
  },
  {
    files: ["test/**/*.ts", "vitest.config.ts", "vitest.eval.config.ts"],
    rules: {
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/unbound-method": "off",
      "no-restricted-syntax": "off",
    },
  },
);
