// The reader lives in shared/ because the broker's clients check the listening peer with it too.
export { createPeerCredentialReader, type PeerCredentialReader } from "../../shared/peer-cred.js";
