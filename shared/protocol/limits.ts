// Kept apart from the zod schemas so that zod-free readers (the MCP stdio front) can frame
// lines without loading zod.
export const MAX_REQUEST_LINE_BYTES = 64 * 1024;
export const MAX_RESPONSE_LINE_BYTES = 1024 * 1024;
