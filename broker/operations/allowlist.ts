import { z } from "zod";
import { ProviderStatusInputSchema, ProviderStatusSchema } from "../../shared/protocol/common.js";
import { providerText } from "../../shared/provider-text.js";

// Copies a provider answer through a strict protocol schema: only the keys the schema names are
// read, nested objects and lists likewise, and a value that fails its field's check (or a string
// that carries one of the `secrets`, such as the order id echoed in a confirmation number) becomes
// null. Whatever the provider adds later stays behind, because nothing here copies an unknown key.

const DROP = Symbol("drop");

export interface AllowlistOptions {
  /** Strings containing any of these are dropped: the ids the broker keeps to itself. */
  secrets: readonly string[];
  /** Lists are cut to this many items before each item is checked. */
  maxItems: number;
}

/** `value` as `schema` allows it; throws only when the root itself does not fit. */
export function throughAllowlist<S extends z.ZodType>(schema: S, value: unknown, opts: AllowlistOptions): z.infer<S> {
  const copied = copy(schema, value, opts);
  // The final parse is the proof: the copy may only contain what the schema names.
  return schema.parse(copied === DROP ? null : copied);
}

function copy(schema: z.ZodType, value: unknown, opts: AllowlistOptions): unknown {
  if (schema instanceof z.ZodNullable) {
    if (value === null || value === undefined) return null;
    const inner = copy(schema.unwrap() as z.ZodType, value, opts);
    return inner === DROP ? null : inner;
  }
  if (schema instanceof z.ZodObject) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return DROP;
    const source = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    const shape: Record<string, z.ZodType> = schema.shape;
    for (const [key, field] of Object.entries(shape)) {
      const next = copy(field, Object.hasOwn(source, key) ? source[key] : undefined, opts);
      if (next === DROP) return DROP;
      out[key] = next;
    }
    return out;
  }
  if (schema instanceof z.ZodArray) {
    if (!Array.isArray(value)) return DROP;
    return value
      .slice(0, opts.maxItems)
      .map((item) => copy(schema.element as z.ZodType, item, opts))
      .filter((item) => item !== DROP);
  }
  // A leaf: provider text goes through the same neutralising as every other provider string.
  const leaf = typeof value === "string" ? providerText(value, "address") : value;
  if (typeof leaf === "string" && opts.secrets.some((s) => s !== "" && leaf.includes(s))) return DROP;
  // A status that is not a code reads UNKNOWN here too, as in the broker's other reads.
  if (schema === ProviderStatusSchema && typeof leaf === "string") return ProviderStatusInputSchema.parse(leaf);
  const parsed = schema.safeParse(leaf);
  return parsed.success ? parsed.data : DROP;
}
