import { readLedgerFiles } from "../../../broker/writes/ledger-files.js";
import type { Check } from "./checks.js";
import type { Clock } from "../../../shared/time.js";

/**
 * The broker refuses every write while its ledger cannot be trusted (a damaged ledger, or the key
 * its recent fingerprints need missing, damaged or replaced); doctor says so before anyone tries.
 * Read only: nothing is created or moved here.
 */
export async function checkWriteLedger(stateDir: string, now: Clock = Date.now): Promise<Check | undefined> {
  let files;
  try {
    files = await readLedgerFiles(stateDir, now);
  } catch (err) {
    return { id: "write_ledger", status: "fail", message: `the write ledger in ${stateDir} cannot be read (${err instanceof Error ? err.message : String(err)})`, fix: `make ${stateDir} and its files readable by you` };
  }
  if (files.ok) {
    if (files.value.entries.length === 0 && files.value.key === undefined) return undefined;
    const key = files.value.key === undefined ? "no key yet (no recent write needs one)" : "its key present";
    return { id: "write_ledger", status: "pass", message: `write ledger: ${files.value.entries.length} write(s) of the last 24 h, ${key}` };
  }
  return { id: "write_ledger", status: "fail", message: files.error.message, fix: files.error.fix };
}
