// @ts-check
// `npm run test:setup`, the first step of `npm test` and of .ci/run: see plan.mjs.
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import process from "node:process";
import { REQUIREMENTS, keytarNote, setupTestEnv } from "./plan.mjs";

/** @param {string} name */
const onPath = (name) =>
  (process.env.PATH ?? "").split(delimiter).some((dir) => {
    if (dir === "") return false;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });

/** @param {import("./plan.mjs").Probe} probe */
const present = (probe) => ("command" in probe ? onPath(probe.command) : existsSync(probe.file));

const root = join(import.meta.dirname, "..", "..");
const code = setupTestEnv(
  REQUIREMENTS,
  { isRoot: process.getuid?.() === 0, hasApt: onPath("apt-get") && existsSync("/etc/debian_version"), present },
  {
    // stdin closed and DEBIAN_FRONTEND set: apt-get must never wait on a question nobody will answer.
    run: (argv) => spawnSync(argv[0] ?? "", argv.slice(1), { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } }).status ?? 1,
    say: (line) => process.stderr.write(`${line}\n`),
  },
);
const note = code === 0 ? keytarNote({ nodeModules: existsSync(join(root, "node_modules")), keytarBuilt: existsSync(join(root, "node_modules", "keytar", "build", "Release", "keytar.node")) }) : null;
if (note) process.stderr.write(`${note}\n`);
process.exitCode = code;
