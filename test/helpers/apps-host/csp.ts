import { z } from "zod";

// The Content-Security-Policy the test host puts on the sandbox that renders a view, built from the
// resource's `_meta.ui.csp` as a strict host would: nothing by default, the view's own inline
// bundle, and images only from the hosts the resource declares. A declared entry that is not a
// plain origin is refused rather than dropped, so a bad declaration fails the test that reads it.

const Origin = z.string().regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i, "a plain http(s) origin");

export const ResourceCspSchema = z.strictObject({
  resourceDomains: z.array(Origin).optional(),
  connectDomains: z.array(Origin).optional(),
  frameDomains: z.array(Origin).optional(),
  baseUriDomains: z.array(Origin).optional(),
});
export type ResourceCsp = z.infer<typeof ResourceCspSchema>;

export function viewCsp(csp: ResourceCsp | undefined): string {
  const images = csp?.resourceDomains ?? [];
  const connect = csp?.connectDomains ?? [];
  return [
    "default-src 'none'",
    "script-src 'unsafe-inline'",
    "style-src 'unsafe-inline'",
    ["img-src", "data:", ...images].join(" "),
    connect.length > 0 ? ["connect-src", ...connect].join(" ") : "connect-src 'none'",
    "frame-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}
