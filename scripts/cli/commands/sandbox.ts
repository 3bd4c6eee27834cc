import { parseArgs } from "node:util";
import { startSandbox } from "../../sandbox/index.js";
import { UsageError } from "../errors.js";
import type { CommandIo } from "../io.js";

export const usage = `tbank-mcp sandbox [--port N] [--seed S] [--canary C] [--access-token-ttl SECONDS] [--device-interval SECONDS] [--latency ROUTE=MS ...]

Serves the deterministic sandbox Hotels API, identity provider and banking API on 127.0.0.1 until
SIGTERM or Ctrl-C. The first lines on stdout are environment assignments for the other programs.
--latency delays every answer of one route (e.g. --latency search=50), to watch the toolkit under
a slow provider; route ids are listed in docs/provider-contract.md.`;

export interface SandboxCommandOptions {
  port: number;
  seed: string;
  canary: string | undefined;
  accessTokenTtlSeconds: number;
  deviceIntervalSeconds: number;
  latency: Record<string, number>;
}

function int(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new UsageError(`${flag} must be a whole number`);
  return Number(value);
}

export function parse(argv: string[]): SandboxCommandOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: "string" },
      seed: { type: "string" },
      canary: { type: "string" },
      "access-token-ttl": { type: "string" },
      "device-interval": { type: "string" },
      latency: { type: "string", multiple: true },
    },
  });
  return {
    port: int(values.port, "--port", 0),
    seed: values.seed ?? "tbank-sandbox",
    canary: values.canary,
    accessTokenTtlSeconds: int(values["access-token-ttl"], "--access-token-ttl", 600),
    deviceIntervalSeconds: int(values["device-interval"], "--device-interval", 5),
    latency: Object.fromEntries(
      (values.latency ?? []).map((spec) => {
        const m = /^([a-z0-9_]+)=(\d{1,6})$/.exec(spec);
        if (!m?.[1] || !m[2]) throw new UsageError(`--latency takes ROUTE=MS, got ${JSON.stringify(spec)}`);
        return [m[1], Number(m[2])];
      }),
    ),
  };
}

export async function run(argv: string[], io: CommandIo): Promise<void> {
  const options = parse(argv);
  const sandbox = await startSandbox({
    port: options.port,
    seed: options.seed,
    canary: options.canary,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds,
    deviceIntervalSeconds: options.deviceIntervalSeconds,
    faults: Object.fromEntries(Object.entries(options.latency).map(([route, ms]) => [route, { kind: "latency" as const, ms }])),
  }).catch((err: unknown) => {
    if (err instanceof Error && ("issues" in err || err.message.startsWith("unknown sandbox route id"))) throw new UsageError(`invalid sandbox option: ${err.message}`);
    throw err;
  });
  const { urls } = sandbox;
  io.stdout.write(
    [
      `TBANK_HOTELS_API_BASE_URL=${urls.hotelsApiBaseUrl}`,
      `TBANK_AUTH_ISSUER_URL=${urls.authIssuerUrl}`,
      `TBANK_BANKING_API_BASE_URL=${urls.bankingApiBaseUrl}`,
      `TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE=${urls.hotelPageUrlTemplate}`,
      `TBANK_HOTELS_ORDERS_PAGE_URL=${urls.ordersPageUrl}`,
      "",
    ].join("\n"),
  );
  io.stderr.write(`sandbox: serving on ${urls.origin} (seed ${options.seed}); device approval page ${urls.origin}/oauth/device; stop with Ctrl-C\n`);
  await new Promise<void>((resolve) => {
    if (io.signal.aborted) resolve();
    else io.signal.addEventListener("abort", () => resolve(), { once: true });
  });
  await sandbox.close();
  io.stderr.write("sandbox: stopped\n");
}
