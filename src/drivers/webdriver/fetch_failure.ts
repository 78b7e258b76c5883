/**
 * Whether a failed `fetch` may have reached the server, judged from what Deno's fetch tells us.
 * This decides the one rule that matters: a write that may have been delivered is never resent.
 *
 * What Deno 2.9's fetch (hyper underneath) reports, observed against real loopback sockets and
 * locked by `tests/drivers/webdriver/fetch_failure_test.ts`:
 *
 * | Situation | Error | Judgement |
 * |---|---|---|
 * | closed port | `TypeError: fetch failed`, cause `… client error (Connect): tcp connect error: Connection refused` | undelivered |
 * | unknown host | cause `… client error (Connect): dns error: …` | undelivered |
 * | TLS handshake or other connect failure | cause `… client error (Connect): …` | undelivered |
 * | peer closed or reset after accepting (before a full reply) | cause `… client error (SendRequest): connection closed before message completed` (also `connection reset`) | delivered |
 * | reply head arrived, body cut off | `TypeError: error reading a body from connection` (from `text()`) | delivered |
 * | no reply before our per-attempt deadline | the deadline signal's reason (`TimeoutError`) | hung (delivered) |
 * | the caller's abort signal | its reason | cancelled |
 * | anything else | — | delivered (we cannot prove it was not) |
 *
 * Only `(Connect)` proves nothing was sent: hyper reports it before any request byte is written.
 * A deadline cannot tell a slow connect from a slow reply; on loopback (and behind a reachable
 * grid) connects are immediate, so a timeout is judged delivered: the safe side for writes.
 *
 * @module
 */

/** The four outcomes a failed attempt can have. */
export type FetchFailure = "undelivered" | "delivered" | "hung" | "cancelled";

/** What else was known when the attempt failed. */
export interface FailureSignals {
  /** The caller's signal (a run's hard abort); aborted means cancelled. */
  caller?: AbortSignal;
  /** The attempt's own deadline; aborted means hung. */
  deadline: AbortSignal;
}

const CONNECT_PHASE = /client error \(Connect\)|tcp connect error|dns error/;

/**
 * Classifies one failed attempt.
 *
 * @example
 * ```ts
 * const deadline = AbortSignal.timeout(15_000);
 * try {
 *   await fetch(url, { signal: deadline });
 * } catch (e) {
 *   classifyFetchFailure(e, { deadline }); // "undelivered" for a closed port
 * }
 * ```
 */
export function classifyFetchFailure(err: unknown, signals: FailureSignals): FetchFailure {
  if (signals.caller?.aborted) return "cancelled";
  if (signals.deadline.aborted) return "hung";
  return CONNECT_PHASE.test(failureText(err)) ? "undelivered" : "delivered";
}

/**
 * A short, fixed description of a failure for messages. Never the raw error text: that holds the
 * request URL, and we do not let transport texts into messages at all.
 *
 * @example
 * ```ts
 * describeFetchFailure(err); // "connection refused"
 * ```
 */
export function describeFetchFailure(err: unknown): string {
  const text = failureText(err);
  if (/Connection refused/i.test(text)) return "connection refused";
  if (/dns error/i.test(text)) return "host name did not resolve";
  if (CONNECT_PHASE.test(text)) return "could not connect";
  if (/connection reset/i.test(text)) return "connection reset";
  if (/connection closed before message completed/i.test(text)) {
    return "connection closed before a reply";
  }
  if (/error reading a body/i.test(text)) return "reply cut off";
  return "transport error";
}

function failureText(err: unknown): string {
  const parts: string[] = [];
  let current: unknown = err;
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    parts.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join(" | ");
}
