import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";
import type { AnswerWriter, SandboxResponse } from "./http.js";

export interface SandboxEnv {
  // Absent when a test drives the app in-process with app.request().
  Bindings: Partial<HttpBindings>;
  Variables: { arrived: number; requestId: string; body: Buffer; answer: SandboxResponse | undefined; writer: AnswerWriter | undefined };
}

// What a handler returns once it has set c.var.answer; `deliver` replaces it with the real answer.
const PENDING = new Response(null, { status: 202 });

/** Sets the answer that `deliver` sends once every middleware has seen it. */
export function answer(c: Context<SandboxEnv>, response: SandboxResponse): Response {
  c.set("answer", response);
  return PENDING;
}
