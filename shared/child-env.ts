/**
 * The environment a spawned broker gets: what it needs to find its files, the keychain and the
 * provider, and nothing else. Service credentials of the Hotels MCP (static token, JWT key) and
 * mutation switches never cross over: the broker does not need them.
 */
const EXACT = new Set([
  "HOME",
  "USER",
  "LOGNAME",
  "PATH",
  "SHELL",
  "TMPDIR",
  "TZ",
  "LANG",
  "DBUS_SESSION_BUS_ADDRESS",
  "NODE_EXTRA_CA_CERTS",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
  "TBANK_HOTELS_API_BASE_URL",
  "TBANK_HOTELS_VOUCHER_DIRECTORY",
  "TBANK_HOTELS_VOUCHER_TTL_SECONDS",
  "TBANK_AUTH_BROKER_SOCKET",
  "TBANK_AUTH_BROKER_TIMEOUT_MS",
  "TBANK_AUTH_BROKER_STATE_DIR",
  "TBANK_AUTH_SESSION_STORE",
  "TBANK_AUTH_ISSUER_URL",
  "TBANK_BANKING_API_BASE_URL",
]);
const PREFIXES = ["LC_", "XDG_"];

/**
 * The broker's write gates (issue 16). They cross only when the person started the broker bin
 * themselves and it moves itself to the background: an MCP (or anything a model runs through one)
 * auto-starting a broker never passes them on, whatever its own environment says.
 */
export const WRITE_GATE_VARIABLES = [
  "TBANK_HOTELS_ENABLE_MUTATIONS",
  "TBANK_HOTELS_MUTATION_EXECUTION_PROFILE",
  "TBANK_HOTELS_TRUSTED_REAL_IP",
  "TBANK_AUTH_BROKER_APPROVAL_TIMEOUT_MS",
  "TBANK_AUTH_BROKER_APPROVAL_HOLD_MS",
] as const;

export function brokerChildEnv(env: Readonly<Record<string, string | undefined>>, opts: { writeGates?: boolean } = {}): Record<string, string> {
  const personStarted = opts.writeGates === true;
  const gates: ReadonlySet<string> = new Set(personStarted ? WRITE_GATE_VARIABLES : []);
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (EXACT.has(key) || gates.has(key) || PREFIXES.some((p) => key.startsWith(p)) || (personStarted && isClockVariable(key))) out[key] = value;
  }
  return out;
}

// The broker bin the person ran moves itself to the background as the same program, on the same
// clock: a preloaded clock (libfaketime, as CI's date replays use) stays with it, or the broker
// would judge the MCP's preparation times against another clock than the one that made them.
function isClockVariable(key: string): boolean {
  return key === "LD_PRELOAD" || key.startsWith("FAKETIME");
}
