import pkg from "../package.json" with { type: "json" };

// The one place the toolkit's version is read: every bin reports it and sends it in the broker
// handshake, so the broker, both servers and the CLI can never disagree about it.
export const TOOLKIT_VERSION: string = pkg.version;
