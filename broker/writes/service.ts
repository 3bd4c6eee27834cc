import type { Logger } from "../../shared/logger.js";
import { BrokerError } from "../../shared/protocol/broker-error.js";
import type { WriteGates, WriteKind } from "../../shared/protocol/ops-hotels-writes.js";
import type { Audit } from "../audit.js";
import type { ApprovalPageServer, ApprovalRegistry } from "./approvals.js";
import type { WriteExecutor } from "./execute.js";
import { writeGatesOf, type WriteGateConfig } from "./gates.js";

export type StartApprovalPage = (registry: ApprovalRegistry) => Promise<ApprovalPageServer>;

export interface WriteServiceOptions {
  gates: WriteGateConfig;
  registry: ApprovalRegistry;
  executor: WriteExecutor;
  /** Starts the loopback approval page; called on the first request for a page URL, at most once at a time. */
  startPage: StartApprovalPage;
  audit: Audit;
  logger: Logger;
}

/** The broker's write side as the operations see it: gates, the person's approvals, the executor. */
export class WriteService {
  #page: Promise<ApprovalPageServer> | undefined;

  constructor(private readonly opts: WriteServiceOptions) {}

  get registry(): ApprovalRegistry {
    return this.opts.registry;
  }

  get executor(): WriteExecutor {
    return this.opts.executor;
  }

  gates(): WriteGates {
    return writeGatesOf(this.opts.gates);
  }

  /** Refuses, saying what the person must do (the variables to set, or the ledger's fix), when `kind` cannot be executed here. */
  requireOpen(kind: WriteKind): void {
    const unavailable = this.opts.executor.unavailable(kind);
    if (unavailable !== undefined) throw new BrokerError("execution_unavailable", unavailable);
  }

  /** A one-time page URL bound to `requestHash`, or null when the page cannot be served. */
  async pageUrl(requestHash: string): Promise<{ approvalUrl: string | null; expiresAt: number }> {
    const { token, expiresAt } = this.opts.registry.mintPageToken(requestHash);
    this.#page ??= this.opts.startPage(this.opts.registry).catch((err: unknown) => {
      this.#page = undefined;
      throw err;
    });
    try {
      return { approvalUrl: (await this.#page).urlFor(token), expiresAt };
    } catch (err) {
      this.opts.logger.warn({ event: "approval_page_failed", err }, "the approval page could not start: the terminal channel still works");
      return { approvalUrl: null, expiresAt };
    }
  }

  /** Logout or session end: every waiting execute hears the session ended, every page token dies. */
  clearApprovals(): void {
    this.opts.registry.clear();
  }

  async close(): Promise<void> {
    this.opts.registry.clear();
    const page = this.#page;
    this.#page = undefined;
    if (page) await (await page.catch(() => undefined))?.close();
  }
}
