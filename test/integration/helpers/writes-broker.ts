import { join } from "node:path";
import type { Sandbox } from "../../../scripts/sandbox/index.js";
import { parseConfig } from "../../../shared/config/index.js";
import type { ToolkitConfig } from "../../../shared/config/types.js";
import { BrokerError } from "../../../shared/protocol/errors.js";
import type { ExecuteWriteAnswer, PreparedWrite } from "../../../shared/protocol/ops-hotels-writes.js";
import { confirmationPhraseOf, PREPARATION_TTL_MS, requestHashOf } from "../../../shared/writes/hash.js";
import type { TestClock } from "../../fixtures/clock.js";

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
