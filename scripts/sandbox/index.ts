import type { AddressInfo } from "node:net";
import { z } from "zod";
import { createBankingModule } from "./banking/module.js";
import { createSandboxClock } from "./clock.js";
import { makeSecretFactory, type SandboxEnv } from "./env.js";
import { createFaultTable, FaultSchema, type Fault, type FaultInput } from "./faults.js";
import { createHotelsModule } from "./hotels/module.js";
import { createIdentityModule } from "./identity/module.js";
import type { IdentityStats, MintClaims, ServiceClient } from "./identity/types.js";
import { createDispatcher } from "./server.js";
import type { Clock } from "../../shared/time.js";

export const SandboxOptionsSchema = z.strictObject({
  seed: z.union([z.string().min(1).max(64), z.number().int()]).default("tbank-sandbox"),
  host: z.literal("127.0.0.1").default("127.0.0.1"),
  port: z.number().int().min(0).max(65535).default(0),
  faults: z.record(z.string(), FaultSchema).default({}),
  canary: z.string().regex(/^[A-Za-z0-9-]{4,64}$/, "letters, digits and '-' only").optional(),
  accessTokenTtlSeconds: z.number().int().min(1).max(86_400).default(600),
  refreshTokenTtlSeconds: z.number().int().min(60).max(90 * 86_400).default(30 * 86_400),
  deviceCodeTtlSeconds: z.number().int().min(5).max(3600).default(600),
  deviceIntervalSeconds: z.number().int().min(0).max(60).default(5),
  now: z.custom<Clock>((v) => typeof v === "function").optional(),
  hostileText: z.boolean().default(false),
  /** With hostileText: the hostile hotel's name instead of HOSTILE_TEXT.name (a test's own attack). */
  hostileName: z.string().min(1).max(2000).optional(),
  /** The order list and order reads give this status word (env.ts): a provider status as an attack. */
  hostileStatus: z.string().min(1).max(2000).optional(),
  /** Appended to every region, landmark name and type, and one more amenity of every hotel (env.ts). */
  hostilePlace: z.string().min(1).max(2000).optional(),
  /** Every rate's paymentType, extra service's type and time, penalty start, promo code and reason (env.ts). */
  hostileCheckout: z.string().min(1).max(2000).optional(),
  integrationToken: z.string().regex(/^[A-Za-z0-9._~-]{16,128}$/, "16-128 token characters").optional(),
});
export type SandboxOptions = z.input<typeof SandboxOptionsSchema>;

export interface SandboxUrls {
  origin: string;
  /** TBANK_HOTELS_API_BASE_URL */
  hotelsApiBaseUrl: string;
  /** TBANK_AUTH_ISSUER_URL */
  authIssuerUrl: string;
  /** TBANK_BANKING_API_BASE_URL */
  bankingApiBaseUrl: string;
  /** TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE */
  hotelPageUrlTemplate: string;
  /** TBANK_HOTELS_ORDERS_PAGE_URL */
  ordersPageUrl: string;
}

export interface SandboxControl {
  readonly routeIds: readonly string[];
  setFault(routeId: string, fault: FaultInput): void;
  clearFaults(routeId?: string): void;
  faults(): Record<string, Fault>;
  requestCount(routeId: string): number;
  requestCounts(): Record<string, number>;
  /** Writes a route committed (new orders for `create_booking`), replays of a clientRequestId not counted. */
  commitCount(routeId: string): number;
  commitCounts(): Record<string, number>;
  /** The most requests the sandbox was answering at once since the last `resetCounters()`. */
  peakInFlight(): number;
  resetCounters(): void;
  /** Every order's promo code and extra services taken off, as the person could in the bank's own app. */
  dropOrderAddOns(): void;
  approveDevice(userCode: string): void;
  denyDevice(userCode: string): void;
  advanceClock(ms: number): void;
  now(): number;
  identityStats(): IdentityStats;
  /** The client_credentials client (id and this start's secret) that gets JWT access tokens. */
  serviceClient(): ServiceClient;
  /** A JWT access token with chosen claims, signed with the key the JWKS serves. */
  mintAccessToken(claims: MintClaims): Promise<string>;
}

export interface Sandbox {
  urls: SandboxUrls;
  control: SandboxControl;
  close(): Promise<void>;
}

function sandboxEnv(opts: z.output<typeof SandboxOptionsSchema>, origin: () => string): SandboxEnv {
  return {
    clock: createSandboxClock(opts.now),
    seed: String(opts.seed),
    canary: opts.canary,
    accessTokenTtlSeconds: opts.accessTokenTtlSeconds,
    refreshTokenTtlSeconds: opts.refreshTokenTtlSeconds,
    deviceCodeTtlSeconds: opts.deviceCodeTtlSeconds,
    deviceIntervalSeconds: opts.deviceIntervalSeconds,
    hostileText: opts.hostileText,
    ...(opts.hostileName === undefined ? {} : { hostileName: opts.hostileName }),
    ...(opts.hostileStatus === undefined ? {} : { hostileStatus: opts.hostileStatus }),
    ...(opts.hostilePlace === undefined ? {} : { hostilePlace: opts.hostilePlace }),
    ...(opts.hostileCheckout === undefined ? {} : { hostileCheckout: opts.hostileCheckout }),
    ...(opts.integrationToken === undefined ? {} : { integrationToken: opts.integrationToken }),
    origin,
    secret: makeSecretFactory(opts.canary),
  };
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const opts = SandboxOptionsSchema.parse(options);
  let origin = "";
  const env = sandboxEnv(opts, () => origin);
  const identity = createIdentityModule(env);
  const hotels = createHotelsModule(env, identity.api);
  const apis = { identity: identity.routes, hotels: hotels.routes, banking: createBankingModule(env, identity.api).routes };
  const routes = Object.values(apis).flat();
  const routeIds = [...new Set(routes.map((r) => r.id))].sort();
  const faults = createFaultTable(new Set(routeIds), opts.faults);
  const dispatcher = createDispatcher({ apis, faults, canary: opts.canary, origin: () => origin });

  await new Promise<void>((resolve, reject) => {
    dispatcher.server.once("error", reject);
    dispatcher.server.listen(opts.port, opts.host, () => resolve());
  });
  const { port } = dispatcher.server.address() as AddressInfo;
  origin = `http://${opts.host}:${port}`;

  const control: SandboxControl = {
    routeIds,
    setFault: (routeId, fault) => faults.set(routeId, fault),
    clearFaults: (routeId) => faults.clear(routeId),
    faults: () => faults.list(),
    requestCount: (routeId) => dispatcher.counts.get(routeId) ?? 0,
    requestCounts: () => Object.fromEntries(dispatcher.counts),
    commitCount: (routeId) => hotels.commitCounts.get(routeId) ?? 0,
    commitCounts: () => Object.fromEntries(hotels.commitCounts),
    peakInFlight: () => dispatcher.peakInFlight(),
    resetCounters: () => {
      dispatcher.counts.clear();
      hotels.commitCounts.clear();
      dispatcher.resetPeak();
    },
    dropOrderAddOns: () => hotels.dropAddOns(),
    approveDevice: (userCode) => identity.api.approve(userCode),
    denyDevice: (userCode) => identity.api.deny(userCode),
    advanceClock: (ms) => env.clock.advance(ms),
    now: () => env.clock.now(),
    identityStats: () => identity.api.stats(),
    serviceClient: () => identity.resourceTokens.serviceClient(),
    mintAccessToken: (claims) => identity.resourceTokens.mint(claims),
  };

  return {
    urls: {
      origin,
      hotelsApiBaseUrl: `${origin}/api`,
      authIssuerUrl: origin,
      bankingApiBaseUrl: `${origin}/banking`,
      hotelPageUrlTemplate: `${origin}/travel/hotels/new/hotels/{hotelId}/`,
      ordersPageUrl: `${origin}/travel/orders/`,
    },
    control,
    close: () => dispatcher.close(),
  };
}
