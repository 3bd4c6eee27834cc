import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import type { HotelsContext } from "../../mcp/hotels/context.js";
import { rateLimitedResult } from "../../mcp/hotels/http/jsonrpc.js";
import { createSharedStore } from "../../mcp/hotels/store/index.js";
import { BOOKING_TOOLS } from "../../mcp/hotels/tools/booking/index.js";
import type { AnyToolDef } from "../../mcp/hotels/tools/define.js";
import { lowlevelFailure } from "../../mcp/hotels/tools/lowlevel/define-lowlevel.js";
import { MUTATION_TOOLS } from "../../mcp/hotels/tools/mutations/index.js";
import { invalidInput, journeyGone, providerFailure } from "../../mcp/hotels/tools/outcomes.js";
import { WRITE_REASONS, writeReadiness, type WriteReadiness } from "../../mcp/hotels/writes/readiness.js";
import { BrokerConnectionsFullError, BrokerUnverifiedError, brokerFailure } from "../../mcp/shared/broker-client.js";
import { REPEATABLE_STATUSES, type FailureFields } from "../../mcp/shared/outcome.js";
import { PROVIDER_ERROR_KINDS, ProviderError } from "../../shared/http/provider-error.js";
import { BrokerUnavailableError } from "../../shared/protocol/client.js";
import { BrokerError, DEFAULT_RETRY_ALLOWED, ERROR_CODES } from "../../shared/protocol/errors.js";
import { OPERATION_NAMES } from "../../shared/protocol/operations.js";
import { BrokerUntrustedError } from "../../shared/protocol/socket-trust.js";
import { clauseDirective, directives, walkReport, type Observed } from "../scenarios/retry-rules.js";

// Every write tool's answer when its readiness says no, whatever the reason: the readiness is
// stubbed so each reason reaches each tool's own answer builder, as a real broker would give it.
vi.mock("../../mcp/hotels/writes/readiness.js", async (actual) => ({ ...(await actual<object>()), writeReadiness: vi.fn() }));

// The static half of the retryAllowed walk: every input each shared failure builder takes, as the
// tools that use it would answer. The eval (test/scenarios) is the dynamic half: real tool calls.

const ANY_TOOL = "tbank_hotels_any_tool";
const seen = (tool: string, f: Pick<FailureFields, "status" | "retryAllowed" | "nextStep">): Observed => ({ tool, status: f.status, retryAllowed: f.retryAllowed, nextStep: f.nextStep });

function expectNoContradictions(walked: Observed[]): void {
  expect(walked.length).toBeGreaterThan(0);
  expect(walkReport(walked).contradictions).toEqual([]);
}

describe("the retryAllowed rules read a next step clause by clause", () => {
  it("a repeat of the same call, now or after a wait", () => {
    expect(clauseDirective("t", "the broker is busy: try once more in a moment")).toBe("repeat");
    expect(clauseDirective("t", "wait until 09:01:00 UTC (in 42 seconds) before calling tools again")).toBe("repeat");
    expect(clauseDirective("tbank_hotels_confirm_booking", "Later, call tbank_hotels_confirm_booking again with the same bookingDraftId")).toBe("repeat");
  });

  it("a repeat forbidden", () => {
    expect(clauseDirective("t", "tell the person; do not retry")).toBe("forbid");
    expect(clauseDirective("tbank_hotels_get_hotel", "Do not retry the same call")).toBe("forbid");
  });

  it("a new call after a change, or a call of another tool, is not a repeat", () => {
    expect(clauseDirective("t", "the person runs `tbank-mcp login` in a terminal (never through this chat), then ask again")).toBeNull();
    expect(clauseDirective("t", "Fix every listed field (ask the user; never guess) and call again")).toBeNull();
    expect(clauseDirective("t", "search again only when the user asks")).toBeNull();
    expect(clauseDirective("tbank_hotels_prepare_booking", "call tbank_hotels_execute_booking with the same fields")).toBeNull();
  });

  it("a busy broker's own words are not a change first: \"busy with other requests; ask again\"", () => {
    expect(clauseDirective("t", "the auth broker is busy with other requests; ask again in a moment".split(";")[1] ?? "")).toBe("repeat");
    expect(clauseDirective("t", "nothing was sent (the auth broker is busy with other requests; ask again in a moment)")).toBe("repeat");
    expect(clauseDirective("t", "call it again with other dates")).toBeNull();
  });

  it("keeps a parenthesis inside its clause", () => {
    const busy = "the broker is busy (requests at their limit; nothing was sent): try once more in a moment";
    expect(directives("t", `${busy}.`)).toEqual([{ kind: "repeat", clause: busy }]);
  });
});

describe("the retryAllowed walk over the shared failure builders", () => {
  it("broker failures: every code with either flag, for every operation", () => {
    const walked: Observed[] = [];
    for (const op of [undefined, ...OPERATION_NAMES]) {
      for (const code of ERROR_CODES) for (const retryAllowed of [true, false]) walked.push(seen(ANY_TOOL, brokerFailure(new BrokerError(code, "m", { retryAllowed }), op)));
      walked.push(seen(ANY_TOOL, brokerFailure(new BrokerUnavailableError("gone"), op)));
      walked.push(seen(ANY_TOOL, brokerFailure(new BrokerUntrustedError("socket_not_ours", "/tmp/x.sock", "not ours"), op)));
      walked.push(seen(ANY_TOOL, brokerFailure(new BrokerConnectionsFullError({ cause: null }), op)));
      walked.push(seen(ANY_TOOL, brokerFailure(new BrokerUnverifiedError(op ?? "hotels.list_bookings"), op)));
      walked.push(seen(ANY_TOOL, brokerFailure(new Error("boom"), op)));
    }
    expectNoContradictions(walked);
  });

  it("the broker's own default flags say yes only on repeatable codes", () => {
    const yes = ERROR_CODES.filter((c) => DEFAULT_RETRY_ALLOWED[c]);
    expect(yes.filter((c) => !REPEATABLE_STATUSES.has(c))).toEqual([]);
  });

  it("provider failures of the search and lowlevel tools: every kind, filtered or not", () => {
    const walked: Observed[] = [];
    for (const kind of PROVIDER_ERROR_KINDS) {
      for (const filtered of [true, false]) {
        const err = new ProviderError({ kind, status: 503 });
        walked.push(seen("tbank_hotels_plan_stay", providerFailure(err, { filtered })));
        walked.push(seen("tbank_hotels_get_hotel", lowlevelFailure(err, filtered)));
      }
    }
    expectNoContradictions(walked);
  });

  it("journeys gone, refused input and the remote mode's rate limit", async () => {
    const walked: Observed[] = [];
    // Nothing connects until first use, so the Redis store needs no server here.
    for (const store of [createSharedStore(undefined), createSharedStore("redis://127.0.0.1:1")]) {
      for (const s of ["expired", "not_found"] as const) walked.push(seen("tbank_hotels_select_stay_option", journeyGone({ store }, s)));
      await store.close();
    }
    walked.push(seen("tbank_hotels_plan_stay", invalidInput([{ field: "rooms", message: "missing" }])));
    const limited = rateLimitedResult(Date.UTC(2027, 2, 1, 9, 1), Date.UTC(2027, 2, 1, 9, 0));
    walked.push(seen("tbank_hotels_plan_stay", limited.structuredContent as unknown as FailureFields));
    expectNoContradictions(walked);
  });
});

describe("the retryAllowed walk over every write readiness reason", () => {
  it("every tool that checks write readiness answers each reason without a contradiction", async () => {
    const unavailable = (reason: string): WriteReadiness => ({
      available: false,
      kinds: new Proxy({}, { get: () => ({ available: false, reason }) }) as WriteReadiness["kinds"],
      gates: null,
    });
    const draft = { phase: "ready" };
    const ctx = { bookingDrafts: { get: () => ({ status: "found", record: { draft } }) }, now: () => Date.UTC(2027, 2, 1, 9) } as unknown as HotelsContext;
    const extra = { signal: new AbortController().signal } as Parameters<AnyToolDef["handler"]>[2];
    const tools = [...MUTATION_TOOLS, ...BOOKING_TOOLS.filter((t) => t.name !== "tbank_hotels_validate_checkout")];
    const walked: Observed[] = [];
    for (const reason of Object.values(WRITE_REASONS)) {
      vi.mocked(writeReadiness).mockResolvedValue(unavailable(reason));
      for (const tool of tools) {
        const out = await tool.handler({ bookingDraftId: "bd_x", preparedRequestHash: "h", confirmationPhrase: "p" }, ctx, extra);
        const s = out.structured as Partial<FailureFields>;
        // A success (preview_only) carries no retryAllowed: its next step must not ask for a repeat either.
        walked.push({ tool: tool.name, status: s.status ?? "", retryAllowed: s.retryAllowed ?? false, nextStep: s.nextStep ?? "" });
      }
    }
    expect(walked).toHaveLength(Object.keys(WRITE_REASONS).length * tools.length);
    expectNoContradictions(walked);
    // A busy broker passes by itself: every tool says so, and says to ask again.
    const busy = walked.filter((_, i) => [WRITE_REASONS.brokerBusy, WRITE_REASONS.brokerRequestBusy].includes(Object.values(WRITE_REASONS)[Math.floor(i / tools.length)] as never));
    expect(busy.filter((o) => o.status !== "busy" || !o.retryAllowed).map((o) => `${o.tool} ${o.status} retryAllowed=${o.retryAllowed}`)).toEqual([]);
  });
});

// Every object literal in the tools' source that says `retryAllowed: true` next to a literal status.
function literalTrueStatuses(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...literalTrueStatuses(path));
    else if (name.endsWith(".ts")) for (const m of readFileSync(path, "utf8").matchAll(/status: "([a-z_]+)"[^{}]*?retryAllowed: true/gu)) out.push(`${path}: ${m[1] ?? ""}`);
  }
  return out;
}

describe("the retryAllowed walk over the source", () => {
  it("no tool says retryAllowed: true beside a status whose repeat cannot help", () => {
    const root = new URL("../../mcp/", import.meta.url).pathname;
    const literal = literalTrueStatuses(root);
    expect(literal.filter((l) => !REPEATABLE_STATUSES.has(l.slice(l.lastIndexOf(" ") + 1)))).toEqual([]);
  });
});
