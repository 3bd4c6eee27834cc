#!/usr/bin/env node
import { brokerMain } from "./cli.js";

brokerMain(process.argv.slice(2), process.env, process.stderr, process.stdout).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`tbank-auth-broker: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
