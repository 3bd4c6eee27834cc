import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { BankingBroker } from "../../../mcp/banking/context.js";
import { createBankingServer, type BankingServerDeps } from "../../../mcp/banking/server.js";
import { BrokerClient } from "../../../mcp/shared/broker-client.js";
import { parseConfig, type Env } from "../../../shared/config/index.js";
import { TOOLKIT_VERSION } from "../../../shared/version.js";
import type { OperationArgs, OperationName } from "../../../shared/protocol/operations.js";

export interface BankingHarness {
  client: Client;
  /** Broker operations the server actually sent, in order (empty when no broker is configured). */
  brokerCalls: OperationName[];
  call(name: string, args?: Record<string, unknown>): Promise<{ result: CallToolResult; text: string; data: Record<string, unknown> }>;
  close(): Promise<void>;
}

/**
 * A real MCP Client talking to a real Banking server over the SDK's in-memory transport. With a
 * broker socket in `env`, the server gets a real BrokerClient (role banking), wrapped only to record
 * which operations reached the broker.
 */
export async function startBankingHarness(opts: { env?: Env; deps?: BankingServerDeps } = {}): Promise<BankingHarness> {
  const parsed = parseConfig({ HOME: "/nonexistent-home", ...opts.env });
  if (!parsed.ok) throw new Error(`bad test config: ${JSON.stringify(parsed.problems)}`);
  const { config } = parsed;
  const brokerCalls: OperationName[] = [];
  let broker = opts.deps?.broker;
  if (!broker && config.broker.combinedProfile) {
    const inner = new BrokerClient({ socketPath: config.broker.socketPath, role: "banking", clientVersion: TOOLKIT_VERSION, timeoutMs: config.broker.timeoutMs });
    const recording: BankingBroker = {
      call: <Op extends OperationName>(op: Op, args: OperationArgs<Op>) => {
        brokerCalls.push(op);
        return inner.call(op, args);
      },
      readiness: () => inner.readiness(),
      close: () => inner.close(),
    };
    broker = recording;
  }
  const { server, ctx } = createBankingServer(config, { ...opts.deps, ...(broker ? { broker } : {}) });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(clientTransport);
  return {
    client,
    brokerCalls,
    call: async (name, args = {}) => {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
      return { result, text, data: result.structuredContent ?? {} };
    },
    close: async () => {
      await client.close();
      await server.close();
      ctx.broker?.close();
    },
  };
}
