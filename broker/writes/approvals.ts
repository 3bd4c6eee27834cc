import { createHash, randomBytes as nodeRandomBytes } from "node:crypto";
import type { ApprovalDisplay, PendingApproval } from "../../shared/protocol/ops-hotels-writes.js";
import { BrokerError } from "../../shared/protocol/broker-error.js";
import { toIsoTimestamp, type Clock } from "../../shared/time.js";

// The person's side of a write, the analogue of `ssh-add -c`: an execute registers the request it
// is about to send (bound to its requestHash) and waits, bounded, until the person approves or
// denies it through a channel no model types into: `tbank-mcp approve` (toolkit role) or the
// one-time loopback page. A request waits here longer than any one tool call (see `request`), so
// the person may decide after the call that asked has answered `approval_pending`. Nothing here is
// persisted: a restart forgets pending approvals (nothing was sent; the next execute asks again).

/** `ended`: the session ended (logout, a new sign-in) or the broker is stopping before anyone decided. */
export type ApprovalDecision = "approved" | "denied" | "timeout" | "ended";

interface Pending {
  approval: PendingApproval;
  /** Decided or timed out at this instant of `now` (also swept lazily, for clocks tests move). */
  expiresAtMs: number;
  waiters: Set<(d: ApprovalDecision) => void>;
  timer: NodeJS.Timeout;
}

interface PageToken {
  // Kept (not only its digest) so asking again for the same request answers the same URL.
  token: string;
  key: string;
  expiresAt: number;
}

export interface ApprovalRegistryOptions {
  now: Clock;
  /** How long a request waits for the person's decision (TBANK_AUTH_BROKER_APPROVAL_TIMEOUT_MS, default 120 s), across calls. */
  timeoutMs: number;
  randomBytes?: (n: number) => Buffer;
  /** At most this many requests wait at once; more are refused as `busy`. */
  maxPending?: number;
}

export const PAGE_TOKEN_TTL_MS = 10 * 60_000;
// One per requestHash, and a client asking for pages of new hashes in a loop would otherwise grow
// the table without end. Far more than a person has pages open.
export const MAX_PAGE_TOKENS = 256;

export class ApprovalRegistry {
  // Neither table is a TtlMap: a pending request settles its waiters on a timer when it expires,
  // and making room for a page token skips the pages of requests still waiting for the person.
  private readonly pending = new Map<string, Pending>();
  /** By requestHash, in mint order (which is expiry order: a renewal moves the entry to the end). */
  private readonly pageTokens = new Map<string, PageToken>();
  /** sha256(token) -> requestHash, so a page request finds its token without a scan. */
  private readonly pageTokenKeys = new Map<string, string>();
  private readonly listeners = new Set<() => void>();
  private readonly random: (n: number) => Buffer;

  constructor(private readonly opts: ApprovalRegistryOptions) {
    this.random = opts.randomBytes ?? nodeRandomBytes;
  }

  get timeoutMs(): number {
    return this.opts.timeoutMs;
  }

  /**
   * Shows `display` to the person under `requestHash` (or joins the request already shown) and
   * resolves with their decision, or `timeout` after timeoutMs, or when `signal` aborts.
   */
  waitForDecision(requestHash: string, display: ApprovalDisplay, signal: AbortSignal): Promise<ApprovalDecision> {
    const waiters = this.register(requestHash, display, Number.POSITIVE_INFINITY).waiters;
    return new Promise<ApprovalDecision>((resolve) => {
      const onAbort = (): void => {
        waiters.delete(done);
        // Nobody waits any more (the execute gave up): the person must not approve a request
        // that would send nothing, so it leaves the list.
        if (waiters.size === 0) this.settle(requestHash, "timeout");
        resolve("timeout");
      };
      const done = (d: ApprovalDecision): void => {
        signal.removeEventListener("abort", onAbort);
        resolve(d);
      };
      if (signal.aborted) return resolve("timeout");
      signal.addEventListener("abort", onAbort, { once: true });
      waiters.add(done);
    });
  }

  /**
   * Shows `display` to the person under `requestHash` until they decide, the approval timeout
   * passes, or `notAfter` (the preparation's expiry: approving later could send nothing). No call
   * holds it: the execute that asked may answer `approval_pending` and end, and the decision still
   * comes here. Joins the request already shown under the hash.
   */
  request(requestHash: string, display: ApprovalDisplay, notAfter: number): Promise<ApprovalDecision> {
    const entry = this.register(requestHash, display, notAfter);
    return new Promise<ApprovalDecision>((resolve) => entry.waiters.add(resolve));
  }

  list(): PendingApproval[] {
    this.sweep();
    return [...this.pending.values()].map((p) => p.approval);
  }

  byHash(requestHash: string): PendingApproval | undefined {
    this.sweep();
    return this.pending.get(requestHash)?.approval;
  }

  /** The person's decision. Throws `invalid_ref` for an unknown or already decided approval. */
  decide(approvalId: string, decision: "approve" | "deny"): { decided: "approved" | "denied"; requestHash: string } {
    this.sweep();
    const entry = [...this.pending.values()].find((p) => p.approval.approvalId === approvalId);
    if (entry === undefined) throw new BrokerError("invalid_ref", "no pending request with this id (already decided or timed out)");
    const decided = decision === "approve" ? "approved" : "denied";
    this.settle(entry.approval.requestHash, decided);
    return { decided, requestHash: entry.approval.requestHash };
  }

  /**
   * The secret of the one-time loopback page bound to `requestHash`. A request has one page: asking
   * again renews and answers the live token rather than minting another, so no number of calls for
   * a hash can cost the person the URL they already hold, nor grow the table.
   */
  mintPageToken(requestHash: string): { token: string; expiresAt: number } {
    this.sweepTokens();
    const expiresAt = this.opts.now() + PAGE_TOKEN_TTL_MS;
    const live = this.pageTokens.get(requestHash);
    if (live !== undefined) {
      this.pageTokens.delete(requestHash);
      this.pageTokens.set(requestHash, { ...live, expiresAt });
      return { token: live.token, expiresAt };
    }
    if (this.pageTokens.size >= MAX_PAGE_TOKENS) this.evictPageToken();
    const token = this.random(32).toString("base64url");
    const key = digest(token);
    this.pageTokens.set(requestHash, { token, key, expiresAt });
    this.pageTokenKeys.set(key, requestHash);
    return { token, expiresAt };
  }

  /** Page tokens held now, live or not yet swept. */
  pageTokenCount(): number {
    return this.pageTokens.size;
  }

  /** The requestHash a live page token is bound to, or undefined. */
  pageTokenHash(token: string): string | undefined {
    const hash = this.pageTokenKeys.get(digest(token));
    const t = hash === undefined ? undefined : this.pageTokens.get(hash);
    if (hash === undefined || t === undefined || t.expiresAt <= this.opts.now()) return undefined;
    return hash;
  }

  /** One decision per page: the token dies with it. */
  consumePageToken(token: string): string | undefined {
    const hash = this.pageTokenHash(token);
    const stored = this.pageTokenKeys.get(digest(token));
    if (stored !== undefined) this.dropPageToken(stored);
    return hash;
  }

  /** Called whenever the pending list changes (the page and `approve --wait` watch it). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Logout or exit: every waiting execute is told the session `ended`, and every page dies. */
  clear(): void {
    for (const hash of [...this.pending.keys()]) this.settle(hash, "ended");
    this.pageTokens.clear();
    this.pageTokenKeys.clear();
  }

  private register(requestHash: string, display: ApprovalDisplay, notAfter: number): Pending {
    this.sweep();
    const live = this.pending.get(requestHash);
    if (live !== undefined) return live;
    if (this.pending.size >= (this.opts.maxPending ?? 16)) throw new BrokerError("busy", "too many requests are waiting for approval");
    const requestedAt = this.opts.now();
    const expiresAtMs = Math.min(requestedAt + this.opts.timeoutMs, notAfter);
    const approval: PendingApproval = {
      approvalId: `apr_${this.random(16).toString("base64url")}`,
      requestHash,
      display,
      requestedAt: toIsoTimestamp(requestedAt),
      expiresAt: toIsoTimestamp(expiresAtMs),
    };
    const timer = setTimeout(() => this.settle(requestHash, "timeout"), Math.max(0, expiresAtMs - requestedAt));
    timer.unref();
    const entry: Pending = { approval, expiresAtMs, waiters: new Set(), timer };
    this.pending.set(requestHash, entry);
    this.changed();
    return entry;
  }

  /** Requests past their expiry by `now` (a clock moved ahead of the timers) time out before anyone sees them. */
  sweep(): void {
    const now = this.opts.now();
    for (const [hash, p] of [...this.pending]) if (p.expiresAtMs <= now) this.settle(hash, "timeout");
  }

  private settle(requestHash: string, decision: ApprovalDecision): void {
    const entry = this.pending.get(requestHash);
    if (entry === undefined) return;
    clearTimeout(entry.timer);
    this.pending.delete(requestHash);
    for (const w of entry.waiters) w(decision);
    this.changed();
  }

  private sweepTokens(): void {
    const now = this.opts.now();
    for (const [hash, t] of this.pageTokens) if (t.expiresAt <= now) this.dropPageToken(hash);
  }

  private dropPageToken(requestHash: string): void {
    const t = this.pageTokens.get(requestHash);
    if (t === undefined) return;
    this.pageTokens.delete(requestHash);
    this.pageTokenKeys.delete(t.key);
  }

  /**
   * Makes room by evicting rather than refusing, so the newest page (the one just handed to the
   * person) is always minted. The oldest goes first, skipping pages of requests waiting for the
   * person: a flood must not take the page they are about to press. At most maxPending requests
   * wait, far fewer than the cap, so one of the others always goes.
   */
  private evictPageToken(): void {
    let oldest: string | undefined;
    for (const hash of this.pageTokens.keys()) {
      if (!this.pending.has(hash)) return this.dropPageToken(hash);
      oldest ??= hash;
    }
    if (oldest !== undefined) this.dropPageToken(oldest);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }
}

function digest(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The loopback approval page (broker/writes/approval-page.ts), started lazily on the first request for it. */
export interface ApprovalPageServer {
  /** `http://127.0.0.1:<port>/approve/<token>` */
  urlFor(token: string): string;
  close(): Promise<void>;
}
