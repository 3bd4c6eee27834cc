// The reader lives in shared/ because the broker's clients check the listening peer with it too.
export { createPeerCredentialReader, peerReaderMissing, type PeerCredentialReader } from "../../shared/peer-cred.js";
