/**
 * JSON replies of the API: every body is JSON, every error `{error, code}`.
 *
 * @module
 */
import { HttpError } from "./errors.ts";

/** A JSON reply (never cached: it describes live state). */
export function jsonResponse(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  const h = new Headers(headers);
  h.set("content-type", "application/json; charset=utf-8");
  h.set("cache-control", "no-store");
  return new Response(JSON.stringify(body), { status, headers: h });
}

/** The reply for an error: an `HttpError` keeps its status; anything else is a 500. */
export function errorResponse(err: unknown): Response {
  if (err instanceof HttpError) {
    return jsonResponse({ error: err.message, code: err.code }, err.status);
  }
  const message = err instanceof Error ? err.message : String(err);
  return jsonResponse({ error: `internal error: ${message}`, code: "E_INTERNAL" }, 500);
}
