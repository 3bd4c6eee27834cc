export const SUPPORTED_SCOPES = ["hotels", "banking"] as const;
export const DEFAULT_SCOPE = SUPPORTED_SCOPES.join(" ");

/** Normalises a requested scope string; undefined when it names a scope the sandbox does not know. */
export function normalizeScope(requested: string | undefined): string | undefined {
  if (requested === undefined) return DEFAULT_SCOPE;
  const parts = [...new Set(requested.split(" ").filter((p) => p !== ""))];
  if (parts.length === 0) return DEFAULT_SCOPE;
  if (!parts.every((p) => (SUPPORTED_SCOPES as readonly string[]).includes(p))) return undefined;
  return parts.join(" ");
}
