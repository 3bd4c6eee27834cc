// @ts-check
// What the README's test command (and .ci/run, which calls it first) needs from the system, and the
// decision to install it or stop. Plain JavaScript with no dependencies: .ci/run runs it before
// `npm ci`, because keytar builds only when libsecret-1-dev is already there.

/**
 * @typedef {{ command: string } | { file: string }} Probe
 * @typedef {{ pkg: string, probe: Probe, why: string }} Requirement
 * @typedef {{ isRoot: boolean, hasApt: boolean, present: (probe: Probe) => boolean }} Machine
 * @typedef {{ kind: "ready" }
 *   | { kind: "install", packages: string[], commands: string[][] }
 *   | { kind: "stop", packages: string[], message: string }} Plan
 */

/** Debian's package for each thing the tests (or .ci/run) use, probed by what they actually run or read. */
/** @type {readonly Requirement[]} */
export const REQUIREMENTS = [
  { pkg: "curl", probe: { command: "curl" }, why: "the sandbox smoke check in .ci/run" },
  { pkg: "dbus", probe: { command: "dbus-run-session" }, why: "the real keychain test" },
  { pkg: "gnome-keyring", probe: { command: "gnome-keyring-daemon" }, why: "the real keychain test" },
  { pkg: "libsecret-1-dev", probe: { file: "/usr/include/libsecret-1/libsecret/secret.h" }, why: "building the keytar addon (npm ci)" },
  { pkg: "pkg-config", probe: { command: "pkg-config" }, why: "building the keytar addon (npm ci)" },
  { pkg: "python3", probe: { command: "python3" }, why: "building the keytar addon (npm ci)" },
  { pkg: "make", probe: { command: "make" }, why: "building the keytar addon (npm ci)" },
  { pkg: "g++", probe: { command: "g++" }, why: "building the keytar addon (npm ci)" },
  { pkg: "util-linux", probe: { command: "setpriv" }, why: "the second-uid peer tests" },
  { pkg: "faketime", probe: { command: "faketime" }, why: "pinned clocks of spawned servers and CI's date replays" },
  { pkg: "redis-server", probe: { command: "redis-server" }, why: "the remote Hotels MCP's shared store tests" },
  { pkg: "chromium", probe: { command: "chromium" }, why: "the landing and approval page tests" },
  { pkg: "khal", probe: { command: "khal" }, why: "opening a saved calendar entry in a real calendar tool" },
  { pkg: "fonts-dejavu-core", probe: { file: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf" }, why: "Cyrillic text in the page screenshots" },
];

/**
 * @param {readonly Requirement[]} requirements
 * @param {(probe: Probe) => boolean} present
 * @returns {Requirement[]}
 */
export function findMissing(requirements, present) {
  return requirements.filter((r) => !present(r.probe));
}

/** @param {readonly string[]} packages */
export function aptCommands(packages) {
  return [
    ["apt-get", "update", "-qq"],
    ["apt-get", "install", "-y", "-qq", "--no-install-recommends", ...packages],
  ];
}

/**
 * @param {readonly Requirement[]} missing
 * @param {{ isRoot: boolean, hasApt: boolean }} machine
 * @param {string} [reason] why an install did not do it, when one was tried
 * @returns {string}
 */
export function stopMessage(missing, machine, reason) {
  const packages = missing.map((r) => r.pkg);
  const list = missing.map((r) => `  ${r.pkg.padEnd(18)} ${"command" in r.probe ? r.probe.command : r.probe.file}, for ${r.why}`).join("\n");
  const sudo = machine.isRoot ? "" : "sudo ";
  const install = `${sudo}apt-get update && ${sudo}apt-get install -y --no-install-recommends ${packages.join(" ")}`;
  const how = machine.hasApt
    ? `Install them, then run the tests again:\n  ${install}`
    : `These are Debian's package names (the tests run on Debian, as CI does); on Debian or Ubuntu:\n  ${install}`;
  const head = reason ? `The tests need ${packages.length} system package(s) that are still missing (${reason}):` : `The tests need ${packages.length} system package(s) that are missing:`;
  return `${head}\n${list}\n${how}\nNothing was run.`;
}

/**
 * Root on Debian installs what is missing (non-interactive: CI has no stdin); anyone else gets one
 * message naming each package and the command, before anything runs.
 * @param {readonly Requirement[]} requirements
 * @param {Machine} machine
 * @returns {Plan}
 */
export function planSetup(requirements, machine) {
  const missing = findMissing(requirements, machine.present);
  if (missing.length === 0) return { kind: "ready" };
  const packages = missing.map((r) => r.pkg);
  if (machine.isRoot && machine.hasApt) return { kind: "install", packages, commands: aptCommands(packages) };
  return { kind: "stop", packages, message: stopMessage(missing, machine) };
}

/**
 * Carries the plan out: runs the install commands, then probes again, since an install that exits
 * 0 may still leave a package out (a renamed package, a held one).
 * @param {readonly Requirement[]} requirements
 * @param {Machine} machine
 * @param {{ run: (argv: string[]) => number, say: (line: string) => void }} io
 * @returns {number} the exit code: 0 ready, 1 stopped
 */
export function setupTestEnv(requirements, machine, io) {
  const plan = planSetup(requirements, machine);
  if (plan.kind === "ready") return 0;
  if (plan.kind === "stop") {
    io.say(plan.message);
    return 1;
  }
  io.say(`Installing the system packages the tests need: ${plan.packages.join(" ")}`);
  for (const argv of plan.commands) {
    const code = io.run(argv);
    if (code !== 0) {
      io.say(stopMessage(findMissing(requirements, machine.present), machine, `${argv.slice(0, 2).join(" ")} exited ${code}`));
      return 1;
    }
  }
  const still = findMissing(requirements, machine.present);
  if (still.length > 0) {
    io.say(stopMessage(still, machine, "apt-get install did not provide them"));
    return 1;
  }
  return 0;
}

/**
 * keytar is an optional dependency built by `npm ci` only when libsecret-1-dev was already there, so
 * packages installed here come too late for it: the keychain test is then skipped (failed in CI).
 * @param {{ nodeModules: boolean, keytarBuilt: boolean }} install
 * @returns {string | null}
 */
export function keytarNote(install) {
  if (!install.nodeModules || install.keytarBuilt) return null;
  return "keytar is not built (npm ci builds it only when libsecret-1-dev and a compiler are already installed): the real keychain test is skipped outside CI; run `npm ci` again to build it.";
}
