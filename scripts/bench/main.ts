import { benchBroker } from "./broker.js";
import { benchColdStart } from "./cold-start.js";
import { benchLogger } from "./logger.js";
import { benchMcp } from "./mcp.js";
import { benchSandbox } from "./sandbox.js";
import { formatRows } from "./stats.js";

// Each benchmark measures its anchor in the same run: these machines are noisy.
const out = process.stdout;
out.write(formatRows("Cold start (spawn to exit)", benchColdStart()));
out.write(formatRows("Logging", benchLogger()));
out.write(formatRows("Sandbox", benchSandbox()));
out.write(formatRows("Broker vs ssh-agent", await benchBroker()));
out.write(formatRows("Hotels MCP", (await benchMcp()).rows));
