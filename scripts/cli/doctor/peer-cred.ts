import { createPeerCredentialReader } from "../../../shared/peer-cred.js";
import type { Check } from "./checks.js";

export type PeerCredentialSupport = () => Promise<{ available: boolean; reason?: string }>;

/**
 * The broker refuses to start when it cannot tell which user is on the other end of its socket, and
 * the MCP servers refuse a broker they cannot verify: without this, nothing else doctor passes works.
 */
export async function checkPeerCredentials(support: PeerCredentialSupport = () => createPeerCredentialReader()): Promise<Check> {
  const r = await support();
  if (r.available) return { id: "peer_credentials", status: "pass", message: "the socket peer's user can be verified (koffi)" };
  return {
    id: "peer_credentials",
    status: "fail",
    message: `the broker cannot verify who connects to its socket and will not start: ${r.reason ?? "unknown reason"}`,
    fix: "reinstall the package so its koffi dependency is installed (npm install -g tbank-hotels-toolkit)",
  };
}
