import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Sandbox } from "../../../scripts/sandbox/index.js";
import { parseConfig } from "../../../shared/config/index.js";
import type { ToolkitConfig } from "../../../shared/config/types.js";
import { connectBroker, type BrokerConnection } from "../../../shared/protocol/client.js";
import { BrokerError } from "../../../shared/protocol/errors.js";
import type { ExecuteWriteAnswer, PreparedWrite } from "../../../shared/protocol/ops-hotels-writes.js";
import { confirmationPhraseOf, PREPARATION_TTL_MS, requestHashOf } from "../../../shared/writes/hash.js";
import type { TestClock } from "../../fixtures/clock.js";
import { signIn, startInProcessBroker, type RunningBroker } from "../../fixtures/in-process-broker.js";

// What the broker write tests share: a broker's configuration in a temp root pointed at a sandbox,
// a preparation as the Hotels MCP makes one, and an execute's outcome as a value.

export type Outcome = { ok: true; result: ExecuteWriteAnswer } | { ok: false; code: string; message: string };

export interface Prepared {
  prepared: PreparedWrite;
  requestHash: string;
  confirmationPhrase: string;
}

export function prepare(clock: TestClock, write: Pick<PreparedWrite, "kind" | "request">, at = clock.now()): Prepared {
  const prepared = { ...write, preparedAt: new Date(at).toISOString(), expiresAt: new Date(at + PREPARATION_TTL_MS).toISOString() } as PreparedWrite;
  const requestHash = requestHashOf(prepared);
  return { prepared, requestHash, confirmationPhrase: confirmationPhraseOf(prepared.kind, requestHash) };
}

export async function outcome(run: Promise<ExecuteWriteAnswer>): Promise<Outcome> {
  try {
    return { ok: true, result: await run };
  } catch (err) {
    if (!(err instanceof BrokerError)) throw err;
    return { ok: false, code: err.code, message: err.message };
  }
}

export function brokerEnv(root: string, sandbox: Sandbox, extra: Record<string, string>): { socketPath: string; config: ToolkitConfig } {
  const socketPath = join(root, "run", "auth.sock");
  const parsed = parseConfig({
    HOME: root,
    TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl,
    TBANK_AUTH_BROKER_SOCKET: socketPath,
    TBANK_AUTH_BROKER_STATE_DIR: join(root, "state"),
    TBANK_AUTH_SESSION_STORE: "file",
    TBANK_AUTH_ISSUER_URL: sandbox.urls.authIssuerUrl,
    TBANK_HOTELS_VOUCHER_DIRECTORY: join(root, "vouchers"),
    TBANK_AUTH_BROKER_TIMEOUT_MS: "10000",
    TBANK_HOTELS_TIMEOUT_MS: "3000",
    ...extra,
  });
  if (!parsed.ok) throw new Error(`bad broker config: ${JSON.stringify(parsed.problems)}`);
  return { socketPath, config: parsed.config };
}

/** The write gates a person turns on to let writes through (booking kinds need the real IP too). */
export const GATES_ON = {
  TBANK_HOTELS_ENABLE_MUTATIONS: "true",
  TBANK_HOTELS_MUTATION_EXECUTION_PROFILE: "non_production_v1_reviewed",
} as const;

export interface WritesBroker {
  root: string;
  socketPath: string;
  broker: RunningBroker;
  /** A connection in the hotels role, signed in. */
  hotels: BrokerConnection;
  stop(): Promise<void>;
}

/** An in-process broker on the test's clock, in a temp root, signed in to `sandbox`. */
export async function startWritesBroker(sandbox: Sandbox, clock: TestClock, extra: Record<string, string>): Promise<WritesBroker> {
  const root = await mkdtemp(join(tmpdir(), "brkwr-"));
  const { socketPath, config } = brokerEnv(root, sandbox, extra);
  const broker = await startInProcessBroker(config, { now: clock.now, selfPeer: true });
  await signIn(socketPath, sandbox);
  const hotels = await connectBroker({ socketPath, role: "hotels", clientVersion: "test", timeoutMs: 30_000 });
  return {
    root,
    socketPath,
    broker,
    hotels,
    stop: async () => {
      hotels.close();
      await broker.stop("test done");
      await rm(root, { recursive: true, force: true });
    },
  };
}
