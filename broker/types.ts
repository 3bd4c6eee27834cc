import type { OperationArgs, OperationName, OperationResult } from "../shared/protocol/operations.js";
import type { Role, SessionState } from "../shared/protocol/common.js";
import type { PeerCredentials } from "../shared/peer-cred.js";
import type { LoginPollResult, LoginStartResult } from "../shared/protocol/ops-broker.js";

// The seams between the broker's parts: the socket server, the session, and the operations.
// Each part is built against these interfaces so tests can drive one part with fakes of the others.

export type { PeerCredentials };

export interface RequestContext {
  role: Role;
  peer: PeerCredentials;
  /** Aborted at the per-request deadline or when the broker stops. */
  signal: AbortSignal;
  /** The verified list this connection's welcome carried (the very array), when it had one. */
  welcomeVerified?: readonly OperationName[];
}

/** A handler that knows its answer locally returns it directly; the broker then skips all async bookkeeping. */
export type OperationHandler<Op extends OperationName> = (args: OperationArgs<Op>, req: RequestContext) => OperationResult<Op> | Promise<OperationResult<Op>>;

export type HandlerMap = { [Op in OperationName]: OperationHandler<Op> };

/** Handlers built when the first request needs them (the broker's own; tests pass a map). */
export interface DeferredHandlers {
  load(): Promise<HandlerMap>;
}

export type HandlerSource = HandlerMap | DeferredHandlers;

/** One operation with its arguments parsed and its result checked: the result, or a promise of it. */
export type RunOperation = (op: OperationName, rawArgs: unknown, req: RequestContext) => unknown;

export type StoreBackendKind = "keychain" | "file";

/** The mobile session: the only holder of tokens in the whole toolkit. */
export interface SessionManager {
  backend(): { kind: StoreBackendKind; note?: string };
  state(): SessionState;
  /** Identity of the current session; refs and capabilities are bound to it. Undefined when logged out. */
  sessionId(): string | undefined;
  accessExpiresAt(): number | undefined;
  /** True after a start-up found a refresh cut off by a crash and ended that doubtful session; false again after a login. */
  refreshInterrupted?(): boolean;
  /**
   * A usable access token, refreshing first when it is expired or rejected. Concurrent callers share
   * one refresh. Throws BrokerError: mobile_login_required, session_expired, provider_unavailable, timeout.
   */
  getAccessToken(signal: AbortSignal): Promise<string>;
  /** The provider answered 401 to this token: the next getAccessToken refreshes instead of reusing it. */
  markRejected(accessToken: string): void;
  loginStart(signal: AbortSignal): Promise<LoginStartResult>;
  loginPoll(loginId: string, signal: AbortSignal): Promise<LoginPollResult>;
  /** Best-effort revocation at the provider, then the store is wiped. Idempotent. */
  logout(signal: AbortSignal): Promise<{ hadSession: boolean }>;
  /** Called whenever the session ends (logout, invalid_grant, reuse): refs and capabilities die with it. */
  onEnded(listener: () => void): void;
  close(): Promise<void>;
}

/** What broker.status reports about the process itself. */
export interface BrokerInfo {
  version: string;
  pid: number;
  startedAt: number;
  socketPath: string;
  connections(): number;
}
