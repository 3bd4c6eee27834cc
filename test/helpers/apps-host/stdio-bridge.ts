import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Page } from "playwright-core";

// The test process's half of the stdio bridge (page/node-transport.ts is the other): the MCP
// server is a child of this process behind `server` (a StdioClientTransport to the built bin), the
// page's messages come in through an exposed function, and the server's go back through
// page.evaluate one after another, so the page reads them in the order the server wrote them.

type PageWindow = { appsHostDeliver?: (json: string) => void };

export interface StdioBridge {
  /** Messages that could not be passed on, either way. */
  errors: string[];
  close(): Promise<void>;
}

export async function bridgeToPage(page: Page, server: Transport): Promise<StdioBridge> {
  const errors: string[] = [];
  let delivered: Promise<unknown> = Promise.resolve();
  server.onmessage = (message) => {
    const json = JSON.stringify(message);
    delivered = delivered
      .then(() => page.evaluate((text) => (globalThis as PageWindow).appsHostDeliver?.(text), json))
      .catch((err: unknown) => errors.push(`to the page: ${String(err)}`));
  };
  server.onerror = (err) => errors.push(`server transport: ${err.message}`);
  await page.exposeFunction("appsHostSend", async (json: string) => {
    const parsed = JSONRPCMessageSchema.safeParse(JSON.parse(json));
    if (!parsed.success) throw new Error(`the page sent something other than JSON-RPC: ${parsed.error.message}`);
    await server.send(parsed.data);
  });
  await server.start();
  return { errors, close: () => server.close() };
}
