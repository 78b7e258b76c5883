/**
 * `http` (docs/scenario-language.md#producers-http-totp-generate): a runner-side request for
 * test-data setup — no device involved. Only `http(s)://` URLs; 30 s timeout; without `status` any
 * status passes; `saveBody` binds the response text even on a non-2xx answer.
 *
 * @module
 */
import type { StepBodies } from "../../scenario/types.ts";
import type { RunContext } from "../context.ts";
import { StepFailed } from "../step_failed.ts";

/** Per-request timeout in milliseconds. */
export const HTTP_TIMEOUT_MS = 30_000;

/** Sends the request; throws `StepFailed` on a bad URL, a network error or a status mismatch. */
export async function http(ctx: RunContext, body: StepBodies["http"]): Promise<void> {
  if (!/^https?:\/\//i.test(body.url)) {
    throw new StepFailed("http: only http:// and https:// URLs are allowed");
  }
  const method = (body.method ?? "GET").toUpperCase();
  const send = ctx.options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init));
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), HTTP_TIMEOUT_MS);
  let status: number;
  let text: string;
  try {
    const res = await send(body.url, {
      method,
      headers: body.headers,
      body: body.body,
      signal: abort.signal,
    });
    status = res.status;
    text = await res.text();
  } catch (e) {
    const why = abort.signal.aborted
      ? `timed out after ${HTTP_TIMEOUT_MS / 1000}s`
      : e instanceof Error
      ? e.message
      : String(e);
    throw new StepFailed(`http: ${method} request failed: ${why}`);
  } finally {
    clearTimeout(timer);
  }
  if (body.saveBody !== undefined) ctx.vars[body.saveBody] = text;
  if (body.status !== undefined && status !== body.status) {
    throw new StepFailed(`http: expected status ${body.status}, got ${status}`);
  }
}
