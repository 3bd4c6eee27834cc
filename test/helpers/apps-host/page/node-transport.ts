import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

// The page's half of the stdio bridge: the MCP server runs as a child of the test process, which
// exposes `appsHostSend` (page.exposeFunction) and delivers the server's messages by calling
// `appsHostDeliver` (page.evaluate), in order. Both carry JSON text, as the stdio wire does.

declare global {
  interface Window {
    appsHostSend?: (json: string) => Promise<void>;
    appsHostDeliver?: (json: string) => void;
  }
}

export class NodeBridgeTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;

  start(): Promise<void> {
    window.appsHostDeliver = (json) => {
      const parsed = JSONRPCMessageSchema.safeParse(JSON.parse(json));
      if (parsed.success) this.onmessage?.(parsed.data);
      else this.onerror?.(new Error(`not a JSON-RPC message from the server: ${parsed.error.message}`));
    };
    return Promise.resolve();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (window.appsHostSend === undefined) throw new Error("the test process exposed no appsHostSend");
    await window.appsHostSend(JSON.stringify(message));
  }

  close(): Promise<void> {
    delete window.appsHostDeliver;
    this.onclose?.();
    return Promise.resolve();
  }
}
