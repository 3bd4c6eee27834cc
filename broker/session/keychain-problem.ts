/**
 * Why the OS keychain cannot hold the session, in the three cases a person fixes differently:
 * absent (no keychain addon, no D-Bus session or no Secret Service: install one, or choose the file),
 * locked (it exists but will not open without the person: unlock it), broken (it answers wrongly).
 */
export type KeychainProblem = "absent" | "locked" | "broken";

// libsecret over D-Bus (Linux) and the Security framework (macOS) word these; keytar passes them on.
const ABSENT = /ServiceUnknown|org\.freedesktop\.secrets|not provided by any \.service|autolaunch D-Bus|DBUS_SESSION_BUS_ADDRESS|No such (interface|object)|keychain could not be found/i;
const LOCKED = /locked|unlock|prompt (was )?dismissed|user (canceled|cancelled)|interaction is not allowed|passphrase/i;

export function classifyKeychainError(message: string): KeychainProblem {
  if (ABSENT.test(message)) return "absent";
  if (LOCKED.test(message)) return "locked";
  return "broken";
}

/** The reason `doctor` and the broker's status show; keytar's own message can name D-Bus internals. */
export const KEYCHAIN_REASONS: Record<KeychainProblem, string> = {
  absent: "no keychain answers (no Secret Service on the session bus, or no D-Bus session)",
  locked: "it is locked and asks to be unlocked",
  broken: "the keychain refused the probe with an unexpected error",
};
