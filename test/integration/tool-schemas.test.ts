import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createBankingServer } from "../../mcp/banking/server.js";
import { createHotelsServer } from "../../mcp/hotels/server.js";
import { parseConfig } from "../../shared/config/index.js";

type JsonSchema = { type?: string | string[]; enum?: unknown[]; minimum?: number; exclusiveMinimum?: number; description?: string; properties?: Record<string, JsonSchema>; required?: string[]; items?: JsonSchema; minItems?: number; pattern?: string; format?: string };

const NOW = Date.parse("2027-03-01T09:00:00Z");

/**
 * One value the advertised schema allows, read from the schema alone: the first enum member, the
 * smallest number, a date where the description asks for YYYY-MM-DD, an object with its required fields.
 */
function sample(s: JsonSchema, name: string): unknown {
  if (s.enum) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case "integer":
      return s.minimum ?? (s.exclusiveMinimum === undefined ? 1 : s.exclusiveMinimum + 1);
    case "number":
      return s.minimum ?? (s.exclusiveMinimum === undefined ? 1 : s.exclusiveMinimum + 1);
    case "boolean":
      return true;
    case "array":
      return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items ?? {}, name));
    case "object":
      return minimal(s);
    case "string":
      if (s.format === "date" || s.description?.startsWith("YYYY-MM-DD")) return name === "checkoutDate" ? "2027-03-14" : "2027-03-12";
      if (s.format === "date-time") return "2027-03-01T09:00:00Z";
      if (s.format === "email") return "guest@example.com";
      // Any string the pattern allows (fixed seed): the pattern is the whole promise.
      if (s.pattern !== undefined) return fc.sample(fc.stringMatching(new RegExp(s.pattern, "u")), { numRuns: 1, seed: 31 })[0];
      return "x";
    default:
      throw new Error(`${name}: the advertised schema gives no type, so no caller can know what to send`);
  }
}

function minimal(s: JsonSchema): Record<string, unknown> {
  return Object.fromEntries((s.required ?? []).map((k) => [k, sample(s.properties?.[k] ?? {}, k)]));
}

type Answer = { isError?: boolean; structuredContent?: { status?: string; errors?: { field: string; message: string }[] }; content?: { type: string; text?: string }[] };

/** An answer that refuses the arguments' shape: the SDK's own validation, or invalid_input naming a type, a missing or an unknown field. */
function shapeRefusal(answer: Answer): string | undefined {
  const text = answer.content?.map((c) => c.text ?? "").join(" ") ?? "";
  if (answer.isError && /Input validation error|Invalid arguments/.test(text)) return text.slice(0, 300);
  if (answer.structuredContent?.status !== "invalid_input") return undefined;
  const shape = (answer.structuredContent.errors ?? []).filter((e) => /^required|unknown field|expected|Invalid input/i.test(e.message));
  return shape.length === 0 ? undefined : JSON.stringify(shape);
}

describe("every tool's advertised inputSchema (Hotels, all toolsets, and Banking) matches what its handler accepts", () => {
  const servers = new Map<string, Client>();
  let tools: Tool[];
  const client = { callTool: (req: { name: string; arguments: Record<string, unknown> }) => servers.get(req.name)!.callTool(req) };
  beforeAll(async () => {
    // Nothing listens on port 9: a call that passes validation fails at the provider, never as invalid input.
    const parsed = parseConfig({ HOME: "/nonexistent-home", TBANK_AUTH_BROKER_SOCKET: "/nonexistent-home/auth.sock", TBANK_HOTELS_API_BASE_URL: "http://127.0.0.1:9/api", TBANK_HOTELS_TOOLSETS: "all", TBANK_HOTELS_TIMEOUT_MS: "1000" });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    tools = [];
    for (const { server } of [createHotelsServer(parsed.config, { now: () => NOW }), createBankingServer(parsed.config)]) {
      const [a, b] = InMemoryTransport.createLinkedPair();
      await server.connect(b);
      const c = new Client({ name: "schemas", version: "1" });
      await c.connect(a);
      for (const t of (await c.listTools()).tools) {
        tools.push(t);
        servers.set(t.name, c);
      }
    }
  });

  it("every advertised property has a type, so a caller knows what to send", () => {
    const untyped = tools.flatMap((t) => Object.entries((t.inputSchema.properties ?? {}) as Record<string, JsonSchema>).filter(([, s]) => s.type === undefined && s.enum === undefined).map(([k]) => `${t.name}.${k}`));
    expect(untyped).toEqual([]);
  });

  it("the handler accepts the smallest input the advertised schema allows", async () => {
    const refused: string[] = [];
    for (const t of tools) {
      const args = minimal(t.inputSchema);
      const why = shapeRefusal((await client.callTool({ name: t.name, arguments: args })) as Answer);
      if (why !== undefined) refused.push(`${t.name} ${JSON.stringify(args)}: ${why}`);
    }
    expect(refused).toEqual([]);
  });

  it("the handler refuses that input without each field the schema says is required", async () => {
    const accepted: string[] = [];
    let compared = 0;
    for (const t of tools) {
      const args = minimal(t.inputSchema);
      // A write tool closed by configuration does not read its input at all (guest data is not even
      // parsed while booking is off), so it answers the same without any field: nothing to compare.
      const whole = (await client.callTool({ name: t.name, arguments: args })) as Answer;
      if (whole.structuredContent?.status === "execution_unavailable") continue;
      compared++;
      for (const field of t.inputSchema.required ?? []) {
        const { [field]: _dropped, ...rest } = args;
        const answer = (await client.callTool({ name: t.name, arguments: rest })) as Answer;
        if (shapeRefusal(answer) === undefined) accepted.push(`${t.name} without ${field}: ${answer.structuredContent?.status ?? "?"}`);
      }
    }
    expect(accepted).toEqual([]);
    expect(compared).toBeGreaterThan(tools.length / 2);
    expect(tools.some((t) => t.name.startsWith("tbank_banking_"))).toBe(true);
  });
});
