/**
 * The hardening headers every reply carries (docs/serve.md, "Security"): no MIME sniffing, no
 * referrer, no framing by other sites. Run files (the report and its evidence) may be framed by
 * the serve page itself, which embeds the finished report; everything else may not be framed at
 * all.
 *
 * @module
 */

/** How a reply may be framed. */
export type Framing = "deny" | "same-origin";

/** The policy of the page shell and its modules: our own files only, nothing inline. */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "frame-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** Returns `res` with the security headers set (a fresh Response when its headers are frozen). */
export function withSecurityHeaders(res: Response, framing: Framing = "deny"): Response {
  let out = res;
  try {
    apply(out.headers, framing);
  } catch {
    // Headers of a Response built from fetch() or Response.redirect() are immutable.
    out = new Response(res.body, {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers,
    });
    apply(out.headers, framing);
  }
  return out;
}

function apply(h: Headers, framing: Framing): void {
  h.set("x-content-type-options", "nosniff");
  h.set("referrer-policy", "no-referrer");
  h.set("x-frame-options", framing === "deny" ? "DENY" : "SAMEORIGIN");
  if (!h.has("content-security-policy")) {
    h.set(
      "content-security-policy",
      framing === "deny" ? "frame-ancestors 'none'" : "frame-ancestors 'self'",
    );
  }
}
