import type { SandboxEnv } from "../env.js";
import { setBounded } from "./bounded.js";
import { fail } from "./oauth.js";
import type { GrantResult, SessionStore } from "./sessions.js";
import { generateUserCode, normalizeUserCode } from "./user-code.js";

const MAX_DEVICE_GRANTS = 1_000;
// RFC 8628 §3.5: each slow_down adds 5 seconds to the interval the client must keep.
const SLOW_DOWN_STEP_SECONDS = 5;

type DeviceState = "pending" | "approved" | "denied" | "spent";

export interface DeviceGrant {
  deviceCode: string;
  userCode: string;
  clientId: string;
  scope: string;
  expiresAt: number;
  intervalSeconds: number;
  lastPollAt: number | undefined;
  state: DeviceState;
}

export type DecideResult = "ok" | "unknown" | "expired" | "already_decided";

export interface DeviceStore {
  start(clientId: string, scope: string): DeviceGrant;
  /** A grant the person can still approve or deny, by the code they typed. */
  findPending(userCode: string): DeviceGrant | undefined;
  decide(userCode: string, decision: "approved" | "denied"): DecideResult;
  poll(deviceCode: string, clientId: string): GrantResult;
}

export function createDeviceStore(env: SandboxEnv, sessions: SessionStore): DeviceStore {
  const byDeviceCode = new Map<string, DeviceGrant>();
  const byUserCode = new Map<string, DeviceGrant>();

  const expired = (grant: DeviceGrant): boolean => grant.expiresAt <= env.clock.now();

  const freshUserCode = (): string => {
    for (;;) {
      const code = generateUserCode();
      const taken = byUserCode.get(normalizeUserCode(code));
      if (!taken || expired(taken) || taken.state === "spent") return code;
    }
  };

  return {
    start(clientId, scope) {
      const grant: DeviceGrant = {
        deviceCode: env.secret("dc"),
        userCode: freshUserCode(),
        clientId,
        scope,
        expiresAt: env.clock.now() + env.deviceCodeTtlSeconds * 1000,
        intervalSeconds: env.deviceIntervalSeconds,
        lastPollAt: undefined,
        state: "pending",
      };
      setBounded(byDeviceCode, grant.deviceCode, grant, MAX_DEVICE_GRANTS);
      setBounded(byUserCode, normalizeUserCode(grant.userCode), grant, MAX_DEVICE_GRANTS);
      return grant;
    },

    findPending(userCode) {
      const grant = byUserCode.get(normalizeUserCode(userCode));
      return grant && grant.state === "pending" && !expired(grant) ? grant : undefined;
    },

    decide(userCode, decision) {
      const grant = byUserCode.get(normalizeUserCode(userCode));
      if (!grant) return "unknown";
      if (expired(grant)) return "expired";
      if (grant.state === decision) return "ok";
      if (grant.state !== "pending") return "already_decided";
      grant.state = decision;
      return "ok";
    },

    poll(deviceCode, clientId) {
      const grant = byDeviceCode.get(deviceCode);
      if (!grant || grant.clientId !== clientId) return fail("invalid_grant", "unknown device_code");
      if (grant.state === "spent") return fail("invalid_grant", "device_code has already been exchanged");
      if (expired(grant)) return fail("expired_token", "device_code expired; start a new login");
      const now = env.clock.now();
      const tooSoon = grant.lastPollAt !== undefined && now - grant.lastPollAt < grant.intervalSeconds * 1000;
      grant.lastPollAt = now;
      if (tooSoon) {
        grant.intervalSeconds += SLOW_DOWN_STEP_SECONDS;
        return fail("slow_down", `polling too fast; wait at least ${grant.intervalSeconds} seconds between polls`);
      }
      if (grant.state === "denied") return fail("access_denied", "the person denied the login");
      if (grant.state === "pending") return fail("authorization_pending", "waiting for the person to approve");
      grant.state = "spent";
      return { ok: true, tokens: sessions.open(grant.clientId, grant.scope) };
    },
  };
}
