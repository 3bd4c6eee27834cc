import { z } from "zod";
import { json, type RouteDef } from "../http.js";
import { readForm } from "./oauth.js";
import type { SessionStore } from "./sessions.js";

const RevokeForm = z.object({ token: z.string(), token_type_hint: z.string().optional(), client_id: z.string().optional() });

/** RFC 7009: 200 whether or not the token was known, so the answer reveals nothing. */
export function revokeRoute(sessions: SessionStore): RouteDef {
  return {
    id: "revoke",
    method: "POST",
    path: "/oauth/revoke",
    handler: (req) => {
      const form = readForm(req, RevokeForm);
      if (!form.ok) return form.error;
      sessions.revoke(form.value.token);
      return json(200, {}, { "cache-control": "no-store" });
    },
  };
}
