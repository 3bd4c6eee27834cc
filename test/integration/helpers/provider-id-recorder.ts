import type { FetchLike } from "../../../mcp/hotels/provider/index.js";

// Wraps the provider fetch and remembers every identifier the raw provider answers carried, so a
// test can prove none of them reaches a tool answer.

const ID_KEYS = new Set(["hotelId", "rateId", "bookHash", "checkOutId", "extraServiceId", "upgradeId"]);

function collect(value: unknown, into: Map<string, string>): void {
  if (Array.isArray(value)) {
    for (const v of value) collect(v, into);
  } else if (value !== null && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      if (ID_KEYS.has(key) && typeof v === "string" && v !== "") into.set(v, key);
      else collect(v, into);
    }
  }
}

export function providerIdRecorder(): { fetch: FetchLike; ids: Map<string, string> } {
  const ids = new Map<string, string>();
  const wrapped: FetchLike = async (input, init) => {
    const res = await fetch(input, init);
    if ((res.headers.get("content-type") ?? "").includes("json")) {
      try {
        collect(JSON.parse(await res.clone().text()), ids);
      } catch {
        // A damaged body is the client's business; there is nothing to record.
      }
    }
    return res;
  };
  return { fetch: wrapped, ids };
}
