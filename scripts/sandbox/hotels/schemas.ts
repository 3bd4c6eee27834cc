import { z } from "zod";
import { daysBetween, parseIsoDate } from "../data/dates.js";
import type { Stay } from "../data/pricing.js";
import { parseJsonBody, providerError, type RouteRequest, type SandboxResponse } from "../http.js";
import { err, ok, type Result } from "../../../shared/result.js";

export const MAX_NIGHTS = 30;

export const IsoDateSchema = z.string().refine((v) => parseIsoDate(v) !== undefined, "expected a calendar date YYYY-MM-DD");

export const RoomSchema = z.strictObject({
  adultsCount: z.number().int().min(1).max(6),
  childrenAges: z.array(z.number().int().min(0).max(17)).max(4).default([]),
});

export const StayShape = {
  checkinDate: IsoDateSchema,
  checkoutDate: IsoDateSchema,
  guests: z.array(RoomSchema).min(1).max(5),
};

export type Parsed<T> = Result<T, SandboxResponse>;

/** JSON body → schema, answering provider-style 400s: invalid_json, unknown_field, invalid_request. */
export function parseBody<T>(req: RouteRequest, schema: z.ZodType<T>): Parsed<T> {
  const body = parseJsonBody(req);
  if (!body.ok) return err(providerError(400, "invalid_json", "request body is not valid JSON", req.requestId));
  return parseValue(req, schema, body.value ?? {});
}

export function parseValue<T>(req: RouteRequest, schema: z.ZodType<T>, value: unknown): Parsed<T> {
  const result = schema.safeParse(value);
  if (result.success) return ok(result.data);
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  if (issue?.code === "unrecognized_keys") {
    return err(providerError(400, "unknown_field", `${where}unknown field(s) ${issue.keys.join(", ")}`, req.requestId));
  }
  return err(providerError(400, "invalid_request", `${where}${issue?.message ?? "invalid request"}`, req.requestId));
}

/** Date-range rules the schema cannot express per field. */
export function checkStay(req: RouteRequest, stay: Stay): SandboxResponse | undefined {
  const nights = daysBetween(stay.checkinDate, stay.checkoutDate);
  if (nights < 1) return providerError(400, "invalid_dates", "checkoutDate must be after checkinDate", req.requestId);
  if (nights > MAX_NIGHTS) return providerError(400, "invalid_dates", `a stay may last at most ${MAX_NIGHTS} nights`, req.requestId);
  return undefined;
}

/** offset/limit query parameters; invalid values are a 400, not a silent default. */
export function parsePaging(req: RouteRequest, defaults: { limit: number; max: number }): Parsed<{ offset: number; limit: number }> {
  const schema = z.strictObject({
    offset: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(defaults.max).default(defaults.limit),
  });
  const query = Object.fromEntries([...req.url.searchParams].filter(([k]) => k === "offset" || k === "limit"));
  return parseValue(req, schema, query);
}
