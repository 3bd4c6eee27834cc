import { describe, expect, it } from "vitest";
import { REQUIREMENTS, keytarNote, planSetup, setupTestEnv, type Probe } from "../../scripts/test-env/plan.mjs";

// A machine where the named packages' probes fail; `installs` makes apt-get provide them.
function machine(missing: string[], opts: { isRoot: boolean; hasApt: boolean }) {
  const absent = new Set<Probe>(REQUIREMENTS.filter((r) => missing.includes(r.pkg)).map((r) => r.probe));
  const ran: string[][] = [];
  return {
    ran,
    absent,
    machine: { ...opts, present: (probe: Probe) => !absent.has(probe) },
  };
}

const lines = (): { said: string[]; say: (line: string) => void } => {
  const said: string[] = [];
  return { said, say: (line) => said.push(line) };
};

describe("test environment setup", () => {
  it("does nothing when every package is there", () => {
    const m = machine([], { isRoot: true, hasApt: true });
    const out = lines();
    expect(planSetup(REQUIREMENTS, m.machine)).toEqual({ kind: "ready" });
    expect(setupTestEnv(REQUIREMENTS, m.machine, { run: (argv) => (m.ran.push(argv), 0), say: out.say })).toBe(0);
    expect(m.ran).toEqual([]);
    expect(out.said).toEqual([]);
  });

  it("root on Debian: apt-get update, then one non-interactive install of exactly what is missing", () => {
    const m = machine(["chromium", "redis-server", "faketime"], { isRoot: true, hasApt: true });
    const out = lines();
    const code = setupTestEnv(REQUIREMENTS, m.machine, {
      run: (argv) => {
        m.ran.push(argv);
        if (argv[1] === "install") m.absent.clear();
        return 0;
      },
      say: out.say,
    });
    expect(code).toBe(0);
    // In the list's order, whatever order they were found missing in.
    expect(m.ran).toEqual([
      ["apt-get", "update", "-qq"],
      ["apt-get", "install", "-y", "-qq", "--no-install-recommends", "faketime", "redis-server", "chromium"],
    ]);
    expect(out.said).toEqual(["Installing the system packages the tests need: faketime redis-server chromium"]);
  });

  it("not root on Debian: stops before running anything, naming each package and the sudo command", () => {
    const m = machine(["redis-server", "chromium"], { isRoot: false, hasApt: true });
    const out = lines();
    expect(setupTestEnv(REQUIREMENTS, m.machine, { run: (argv) => (m.ran.push(argv), 0), say: out.say })).toBe(1);
    expect(m.ran).toEqual([]);
    expect(out.said).toHaveLength(1);
    const [message] = out.said;
    expect(message).toContain("The tests need 2 system package(s) that are missing:");
    expect(message).toMatch(/^ {2}redis-server +redis-server, for the remote Hotels MCP's shared store tests$/mu);
    expect(message).toMatch(/^ {2}chromium +chromium, for the landing and approval page tests$/mu);
    expect(message).toContain("sudo apt-get update && sudo apt-get install -y --no-install-recommends redis-server chromium");
    expect(message).toContain("Nothing was run.");
  });

  it("not Debian: the same one message, with Debian's names and no attempt to install, even as root", () => {
    const m = machine(["fonts-dejavu-core"], { isRoot: true, hasApt: false });
    const plan = planSetup(REQUIREMENTS, m.machine);
    expect(plan).toMatchObject({ kind: "stop", packages: ["fonts-dejavu-core"] });
    const message = plan.kind === "stop" ? plan.message : "";
    expect(message).toContain("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf, for Cyrillic text in the page screenshots");
    expect(message).toContain("These are Debian's package names");
    expect(message).toContain("apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core");
  });

  it("a failed apt-get stops with the exit code and what is still missing", () => {
    const m = machine(["faketime"], { isRoot: true, hasApt: true });
    const out = lines();
    const code = setupTestEnv(REQUIREMENTS, m.machine, { run: (argv) => (m.ran.push(argv), argv[1] === "update" ? 100 : 0), say: out.say });
    expect(code).toBe(1);
    expect(m.ran).toEqual([["apt-get", "update", "-qq"]]);
    expect(out.said[1]).toContain("still missing (apt-get update exited 100):");
    expect(out.said[1]).toContain("apt-get install -y --no-install-recommends faketime");
  });

  it("an install that exits 0 but leaves a package out is caught by probing again", () => {
    const m = machine(["faketime", "chromium"], { isRoot: true, hasApt: true });
    const out = lines();
    const code = setupTestEnv(REQUIREMENTS, m.machine, {
      run: (argv) => {
        if (argv[1] === "install") m.absent.delete(REQUIREMENTS.find((r) => r.pkg === "faketime")!.probe);
        return 0;
      },
      say: out.say,
    });
    expect(code).toBe(1);
    expect(out.said[1]).toContain("The tests need 1 system package(s) that are still missing (apt-get install did not provide them):");
    expect(out.said[1]).toMatch(/^ {2}chromium /mu);
    expect(out.said[1]).not.toMatch(/^ {2}faketime /mu);
  });

  it("says when keytar was left out by npm ci, and only then", () => {
    expect(keytarNote({ nodeModules: true, keytarBuilt: false })).toContain("run `npm ci` again");
    expect(keytarNote({ nodeModules: true, keytarBuilt: true })).toBeNull();
    // Before npm ci (.ci/run's first step) there is nothing to say yet.
    expect(keytarNote({ nodeModules: false, keytarBuilt: false })).toBeNull();
  });
});
