import { benchBroker } from "./broker.js";
import { formatRows } from "./stats.js";

process.stdout.write(formatRows("Broker (hotels.status over the socket) vs OpenSSH ssh-agent (REQUEST_IDENTITIES), same Node client", await benchBroker()));
