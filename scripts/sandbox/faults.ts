import { z } from "zod";

/**
 * Faults a test or a person can switch on per route. Each fault applies `times` times (default:
 * until cleared). Latency makes an otherwise normal answer leave `ms` after the request arrived
 * (the route's own work included); the other kinds replace or damage it.
 */
export const FaultSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("latency"), ms: z.number().int().min(0).max(120_000), times: z.number().int().positive().optional() }),
  z.strictObject({ kind: z.literal("status"), status: z.number().int().min(400).max(599), times: z.number().int().positive().optional() }),
  z.strictObject({ kind: z.literal("rate_limit"), retryAfterSeconds: z.number().int().min(0).max(3600).default(1), times: z.number().int().positive().optional() }),
  z.strictObject({ kind: z.literal("hang"), times: z.number().int().positive().optional() }),
  z.strictObject({ kind: z.literal("truncated"), times: z.number().int().positive().optional() }),
  z.strictObject({ kind: z.literal("oversized"), bytes: z.number().int().positive().max(64 * 1024 * 1024).default(3 * 1024 * 1024), times: z.number().int().positive().optional() }),
  z.strictObject({ kind: z.literal("redirect"), location: z.string().min(1).optional(), times: z.number().int().positive().optional() }),
  z.strictObject({ kind: z.literal("content_type"), contentType: z.string().min(1).default("text/html; charset=utf-8"), times: z.number().int().positive().optional() }),
  z.strictObject({ kind: z.literal("not_pdf"), times: z.number().int().positive().optional() }),
  // The route does its work (a write commits), then the connection is cut before any answer.
  z.strictObject({ kind: z.literal("lost_response"), times: z.number().int().positive().optional() }),
]);
export type Fault = z.infer<typeof FaultSchema>;
export type FaultInput = z.input<typeof FaultSchema>;

export interface FaultTable {
  set(routeId: string, fault: FaultInput): void;
  clear(routeId?: string): void;
  /** Takes the fault for one request, counting down `times`. */
  take(routeId: string): Fault | undefined;
  list(): Record<string, Fault>;
}

export function createFaultTable(knownRoutes: ReadonlySet<string>, initial: Record<string, FaultInput> = {}): FaultTable {
  const faults = new Map<string, { fault: Fault; left: number }>();
  const set = (routeId: string, input: FaultInput): void => {
    if (!knownRoutes.has(routeId)) throw new Error(`unknown sandbox route id: ${routeId}`);
    const fault = FaultSchema.parse(input);
    faults.set(routeId, { fault, left: fault.times ?? Number.POSITIVE_INFINITY });
  };
  for (const [routeId, fault] of Object.entries(initial)) set(routeId, fault);
  return {
    set,
    clear: (routeId) => (routeId === undefined ? faults.clear() : void faults.delete(routeId)),
    take: (routeId) => {
      const entry = faults.get(routeId);
      if (!entry) return undefined;
      entry.left -= 1;
      if (entry.left <= 0) faults.delete(routeId);
      return entry.fault;
    },
    list: () => Object.fromEntries([...faults].map(([id, e]) => [id, e.fault])),
  };
}
