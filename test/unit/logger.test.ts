import { describe, expect, it } from "vitest";
import { createLogger, SecretRegistry } from "../../shared/logger.js";

const CANARY = "CANARY-7f3a9c1e5b";

function capture() {
  const lines: string[] = [];
  return { lines, destination: { write: (line: string) => void lines.push(line) } };
}

describe("logger redaction", () => {
  it("redacts sensitive keys by path at several depths", () => {
    const { lines, destination } = capture();
    const log = createLogger({ destination });
    log.info(
      {
        authorization: `Bearer ${CANARY}`,
        req: { headers: { authorization: `Bearer ${CANARY}`, cookie: CANARY } },
        session: { accessToken: CANARY, refreshToken: CANARY },
        customer: { phone: "+7 900 000-00-00", email: `${CANARY}@example.test`, firstName: "Ада", lastName: CANARY },
        deep: { a: { b: { token: CANARY } } },
        booking: { orderId: CANARY },
        hotelName: "Казань Палас",
      },
      "request done",
    );
    const line = lines.join("");
    expect(line).not.toContain(CANARY);
    expect(line).not.toContain("+7 900");
    expect(line).toContain("Казань Палас");
    expect(line).toContain("[redacted]");
  });

  it("scrubs a registered secret from messages, error messages, stacks and arbitrary fields", () => {
    const { lines, destination } = capture();
    const secrets = new SecretRegistry();
    secrets.add(CANARY);
    const log = createLogger({ destination, secrets });
    const err = new Error(`upstream said ${CANARY}`);
    err.stack = `Error: upstream said ${CANARY}\n    at refresh (${CANARY}.js:1:1)`;
    log.error({ err, detail: { nested: [`x${CANARY}y`] }, body: `{"t":"${CANARY}"}` }, `refresh failed for ${CANARY}`);
    log.warn(`plain ${CANARY} message`);
    log.info(new Error(CANARY));
    log.child({ session: CANARY }).info("child line");
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      expect(line).not.toContain(CANARY);
      expect(() => JSON.parse(line) as unknown).not.toThrow();
    }
    expect(lines[0]).toContain("refresh failed for [redacted]");
  });

  it("scrubs JSON-escaped forms of a secret too", () => {
    const { lines, destination } = capture();
    const secrets = new SecretRegistry();
    const tricky = 'sec"ret\\value-1234';
    secrets.add(tricky);
    createLogger({ destination, secrets }).info({ v: tricky }, tricky);
    expect(lines.join("")).not.toContain(JSON.stringify(tricky).slice(1, -1));
  });

  it("stops scrubbing a secret once it is deleted, and ignores short values", () => {
    const secrets = new SecretRegistry();
    secrets.add("short");
    expect(secrets.size).toBe(0);
    secrets.add(CANARY);
    expect(secrets.scrub(`a ${CANARY} b`)).toBe("a [redacted] b");
    secrets.delete(CANARY);
    expect(secrets.scrub(`a ${CANARY} b`)).toBe(`a ${CANARY} b`);
  });

  it("keeps the component name visible", () => {
    const { lines, destination } = capture();
    createLogger({ destination, name: "broker" }).info("hi");
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({ component: "broker", msg: "hi" });
  });
});

describe("logger redaction inside errors", () => {
  class ProviderHttpError extends Error {
    override name = "ProviderHttpError";
    constructor(
      message: string,
      readonly response: object,
      options?: { cause?: unknown },
    ) {
      super(message, options);
    }
  }

  it("masks an error's own sensitive fields at any depth, its cause's too, and keeps its type and message", () => {
    const { lines, destination } = capture();
    const cause = Object.assign(new Error("socket hang up"), { request: { headers: { authorization: `Bearer ${CANARY}-cause` } } });
    const err = new ProviderHttpError("provider answered 502", { status: 502, headers: { authorization: `Bearer ${CANARY}` }, body: { phone: "+7 900 000-00-00" } }, { cause });
    createLogger({ destination }).error({ err }, "provider call failed");
    const line = lines.join("");
    expect(line).not.toContain(CANARY);
    expect(line).not.toContain("+7 900");
    const parsed = JSON.parse(line) as { err: { type: string; message: string; stack: string; response: { status: number } } };
    expect(parsed.err.type).toBe("ProviderHttpError");
    expect(parsed.err.message).toContain("provider answered 502");
    expect(parsed.err.stack).toContain("ProviderHttpError");
    expect(parsed.err.response.status).toBe(502);
  });
});
