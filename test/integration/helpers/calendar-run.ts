import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CapabilityTable } from "../../../broker/capabilities.js";
import { createOperations, type OperationDeps } from "../../../broker/operations/index.js";
import { BankingApi } from "../../../broker/provider/banking.js";
import { ProviderClient } from "../../../broker/provider/client.js";
import { HotelsCustomerApi } from "../../../broker/provider/hotels.js";
import { RefTable } from "../../../broker/refs.js";
import type { HandlerMap } from "../../../broker/types.js";
import { VoucherStore } from "../../../broker/vouchers/store.js";
import { startSandbox, type Sandbox, type SandboxOptions } from "../../../scripts/sandbox/index.js";
import { nullLogger, SecretRegistry } from "../../../shared/logger.js";
import { OPERATIONS, type OperationResult } from "../../../shared/protocol/operations.js";
import { fakeTime } from "./fake-time.js";
import { SandboxTestSession } from "./sandbox-session.js";

/** The broker's operations over a signed-in sandbox, with one fake clock for both. */
export interface CalendarRun {
  sandbox: Sandbox;
  root: string;
  deps: OperationDeps;
  ops: HandlerMap;
  time: ReturnType<typeof fakeTime>;
  close(): Promise<void>;
}

export async function openCalendarRun(at: string, sandboxOpts: Partial<SandboxOptions>): Promise<CalendarRun> {
  const time = fakeTime(Date.parse(at));
  const sandbox = await startSandbox({ ...sandboxOpts, now: time.now });
  const root = await mkdtemp(join(tmpdir(), "calendar-"));
  const secrets = new SecretRegistry();
  const session = await SandboxTestSession.loggedIn(sandbox, secrets);
  const client = new ProviderClient({ session });
  const deps: OperationDeps = {
    session,
    refs: new RefTable({ now: time.now }),
    capabilities: new CapabilityTable({ now: time.now }),
    vouchers: new VoucherStore({ directory: join(root, "vouchers"), ttlSeconds: 900, now: time.now, scheduler: time.scheduler }),
    hotels: new HotelsCustomerApi(client, sandbox.urls.hotelsApiBaseUrl),
    banking: new BankingApi(client, sandbox.urls.bankingApiBaseUrl),
    info: { version: "0.1.0-test", pid: process.pid, startedAt: time.now(), socketPath: join(root, "auth.sock"), connections: () => 1 },
    now: time.now,
    logger: nullLogger,
    secrets,
    requestStop: () => undefined,
  };
  const close = async (): Promise<void> => {
    await sandbox.close();
    await rm(root, { recursive: true, force: true });
  };
  return { sandbox, root, deps, ops: createOperations(deps), time, close };
}

type CalendarOp = "hotels.list_bookings" | "hotels.save_calendar_entry_v1";

/** One operation as the server runs it: args parsed, result checked by the protocol schema. */
export async function callOp<Op extends CalendarOp>(run: CalendarRun, op: Op, args: unknown): Promise<OperationResult<Op>> {
  const handler = run.ops[op] as (a: unknown, r: unknown) => Promise<unknown>;
  const raw = await handler(OPERATIONS[op].args.parse(args), { role: "hotels", peer: { pid: 1, uid: 1000, gid: 1000 }, signal: AbortSignal.timeout(10_000) });
  return OPERATIONS[op].result.parse(raw) as OperationResult<Op>;
}
