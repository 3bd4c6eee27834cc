import type { ToolkitConfig, Toolset } from "../../../shared/config/types.js";

// What the remote mode serves: the public journey and the low-level reads. Customer tools, bookings
// and writes need one person's bank session, which never sits behind a shared endpoint; the broker
// is never contacted, whatever TBANK_AUTH_BROKER_SOCKET says.

export const REMOTE_TOOLSETS: readonly Toolset[] = ["journey", "lowlevel"];

export type RemoteToolsets = { ok: true; config: ToolkitConfig; dropped: Toolset[] } | { ok: false; message: string };

/**
 * The configuration the HTTP mode builds its server from. `explicitToolsets` is whether
 * TBANK_HOTELS_TOOLSETS was set: unset means both remote toolsets; set means the ones it names that
 * the remote mode serves (the rest come back in `dropped`, for one warning).
 */
export function remoteToolkitConfig(config: ToolkitConfig, explicitToolsets: boolean): RemoteToolsets {
  const asked = explicitToolsets ? [...config.hotels.toolsets] : [...REMOTE_TOOLSETS];
  const served = new Set(asked.filter((t) => REMOTE_TOOLSETS.includes(t)));
  const dropped = asked.filter((t) => !REMOTE_TOOLSETS.includes(t));
  if (served.size === 0) return { ok: false, message: `TBANK_HOTELS_TOOLSETS names no toolset the HTTP mode serves (${REMOTE_TOOLSETS.join(", ")})` };
  return {
    ok: true,
    dropped,
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
