import { randomBytes } from "node:crypto";
import type { SandboxClock } from "./clock.js";

/** What every sandbox module may use: time, the seed, the canary and fresh secrets. */
export interface SandboxEnv {
  clock: SandboxClock;
  /** Seed for deterministic data (locations, hotels, prices, bookings). */
  seed: string;
  /** When set, every issued token and every orderId contains it, so leaks can be detected. */
  canary: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  deviceCodeTtlSeconds: number;
  deviceIntervalSeconds: number;
  /** One hotel per city carries hostile text (data/hostile.ts), to prove the toolkit neutralises it. */
  hostileText?: boolean;
  /** The hostile hotel's name, when a test brings its own. */
  hostileName?: string;
  /**
   * Sent as every order's paymentStatus and as a CONFIRMED order's status by the order list and the
   * order reads; the sandbox's own rules still see the real status (the unpaid order stays payable).
   */
  hostileStatus?: string;
  /**
   * Appended to every location's region (the location catalog) and every landmark's name and type
   * (the points of interest), and sent as one more amenity of every hotel: place text as an attack.
   */
  hostilePlace?: string;
  /**
   * Sent as every rate's paymentType by the rates routes, by checkout inspection as every extra
   * service's type and time and every penalty stage's start, and by promo validation as the code it
   * read and, for an invalid one, the reason: the short provider codes of a checkout as an attack.
   */
  hostileCheckout?: string;
  /**
   * An integrator's static token (a static profile's TBANK_HOTELS_AUTH_TOKEN): when set, the order
   * reads by provider id accept it as `Bearer <token>` for any order. Absent: customer tokens only.
   */
  integrationToken?: string;
  /** Origin the server listens on, e.g. http://127.0.0.1:41234 (known after listen). */
  origin(): string;
  /** A fresh unguessable secret with a prefix, carrying the canary when one is set. */
  secret(prefix: string): string;
}

export function makeSecretFactory(canary: string | undefined, random: (n: number) => Buffer = randomBytes) {
  return (prefix: string): string => {
    const body = random(24).toString("base64url");
    return canary ? `${prefix}_${canary}_${body}` : `${prefix}_${body}`;
  };
}
