import type { Acceptor } from "./server/listener.js";
import { createPeerCredentialReader } from "./server/peer-cred.js";
import { createConnectionHandler } from "./server/server.js";
import type { BrokerParts, RunBrokerOptions } from "./main.js";
import type { BrokerInfo } from "./types.js";
import { verifiedByConstruction } from "./verification.js";

// The bin's parts and their pino logger load with the serving half, as one chunk (the package has a
// file budget): the bin imports them from here.
export { createBrokerParts } from "./compose.js";
export { createLogger } from "../shared/logger.js";

export interface ServingHalf {
  acceptor: Acceptor;
  parts: BrokerParts;
}

/**
 * What a connection needs and an idle broker does not: the peer check (koffi), the protocol's
 * schemas (zod), the session and the parts. Loaded by main.ts with the first connection.
 */
export interface ServingHalfOptions extends RunBrokerOptions {
  info: BrokerInfo;
  requestStop: (reason: string) => void;
  maxConnections: number;
  helloTimeoutMs: number;
}

export async function createServingHalf(opts: ServingHalfOptions): Promise<ServingHalf> {
  let readPeer = opts.readPeer;
  if (!readPeer) {
    const peer = await createPeerCredentialReader();
    // Without peer credentials every connection would be refused; say so instead.
    if (!peer.available) throw new Error(`cannot verify socket peers: ${peer.reason ?? "unavailable"}`);
    readPeer = peer.reader;
  }
  const parts = await opts.createParts({ requestStop: opts.requestStop, info: opts.info, audit: opts.audit });
  const acceptor = createConnectionHandler({
    handlers: parts.handlers,
    brokerVersion: opts.version,
    verifiedOperations: parts.verifiedOperations ?? verifiedByConstruction,
    readPeer,
    allowedUid: opts.allowedUid ?? process.getuid?.() ?? -1,
    audit: opts.audit,
    requestTimeoutMs: opts.requestTimeoutMs,
    ...(parts.operationTimeoutsMs ? { operationTimeoutsMs: parts.operationTimeoutsMs } : {}),
    idleTimeoutMs: opts.idleTimeoutMs,
    maxConnections: opts.maxConnections,
    helloTimeoutMs: opts.helloTimeoutMs,
  });
  return { acceptor, parts };
}
