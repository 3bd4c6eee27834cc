import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ToolkitConfig, Toolset } from "../../../shared/config/types.js";
import { failure } from "../../shared/outcome.js";
import type { AnyToolDef } from "../tools/define.js";
import { HOTELS_TOOLS } from "../tools/index.js";
import { PERSON_ORDER_TOOLS } from "../tools/lowlevel/order-tools.js";

// What the remote mode serves: the public journey and the low-level reads. Customer tools, bookings
// and writes need one person's bank session, which never sits behind a shared endpoint; the broker
// is never contacted, whatever TBANK_AUTH_BROKER_SOCKET says. The low-level order reads are left out
// too: without the broker they read any order by id with the operator's own provider credential,
// so anyone holding a key would read a stranger's guests, contacts and price.

export const REMOTE_TOOLSETS: readonly Toolset[] = ["journey", "lowlevel"];

/** Tool names the remote mode never registers, whatever the configuration says. */
const NOT_SERVED_REMOTELY: ReadonlySet<string> = new Set(PERSON_ORDER_TOOLS.map((t) => t.name));

export type RemoteToolsets =
  | { ok: true; config: ToolkitConfig; tools: readonly AnyToolDef[]; dropped: Toolset[]; withheld: string | undefined }
  | { ok: false; message: string };

/**
 * The configuration the HTTP mode builds its server from. `explicitToolsets` is whether
 * TBANK_HOTELS_TOOLSETS was set: unset means both remote toolsets; set means the ones it names that
 * the remote mode serves (the rest come back in `dropped`, for one warning). `withheld` is a line
 * for an operator whose provider credential would have served the order reads.
 */
export function remoteToolkitConfig(config: ToolkitConfig, explicitToolsets: boolean): RemoteToolsets {
  const asked = explicitToolsets ? [...config.hotels.toolsets] : [...REMOTE_TOOLSETS];
  const served = new Set(asked.filter((t) => REMOTE_TOOLSETS.includes(t)));
  const dropped = asked.filter((t) => !REMOTE_TOOLSETS.includes(t));
  if (served.size === 0) return { ok: false, message: `TBANK_HOTELS_TOOLSETS names no toolset the HTTP mode serves (${REMOTE_TOOLSETS.join(", ")})` };
  const withheld =
    served.has("lowlevel") && config.hotels.auth.kind !== "anonymous"
      ? `the HTTP mode does not serve the order reads (${[...NOT_SERVED_REMOTELY].join(", ")}): they would read any person's order with this server's own provider credential; run tbank-hotels-mcp over stdio for them`
      : undefined;
  return {
    ok: true,
    dropped,
    withheld,
    tools: HOTELS_TOOLS.filter((t) => !NOT_SERVED_REMOTELY.has(t.name)),
    config: {
      ...config,
      hotels: {
        ...config.hotels,
        toolsets: served,
        mutations: { ...config.hotels.mutations, enabled: false, requested: false },
        // Many people share this process's provider client: the endpoint's limits, not one person's.
        maxConcurrentRequests: config.http.providerMaxConcurrent,
        maxQueuedRequests: config.http.providerQueueLimit,
      },
      broker: { ...config.broker, combinedProfile: false },
    },
  };
}

/**
 * The answer to a tools/call naming a tool this mode never serves: nothing runs and nothing is read.
 * Without it the SDK would say only "not found", and a model would go on guessing.
 */
export function notServedRemotely(name: string): CallToolResult | undefined {
  if (!NOT_SERVED_REMOTELY.has(name)) return undefined;
  const out = failure(
    {
      status: "not_served_remotely",
      retryAllowed: false,
      nextStep: "tell the person this shared endpoint does not read orders; a person reads their own bookings with tbank-hotels-mcp over stdio and the auth broker",
    },
    { lines: [`${name} is not served by this remote endpoint: it would read a person's order with the operator's credential`] },
  );
  return { content: [{ type: "text", text: out.text }], structuredContent: out.structured, isError: true };
}
