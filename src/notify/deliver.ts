/**
 * Posting one webhook message, best effort (docs/configuration.md#notify): every attempt is
 * bounded by a timeout, the whole delivery by a budget, and a network error, a timeout, a 5xx
 * or a 429 is retried a few times with a growing pause. The result says why it gave up; nothing
 * here throws, prints, or quotes the URL (it often holds a secret).
 *
 * @module
 */
import type { Clock } from "../time/clock.ts";
import type { DeadlineFactory } from "../time/deadline.ts";

/** How a delivery posts and waits; tests inject a fake `fetch`, clock and deadlines. */
export interface DeliveryOptions {
  fetch: typeof fetch;
  clock: Clock;
  /** Aborts one attempt when its time is up. */
  deadline: DeadlineFactory;
  /** Seconds one attempt may take. */
  attemptTimeoutS: number;
  /** Seconds the whole delivery (attempts and pauses) may take. */
  budgetS: number;
  /** Attempts after the first one. */
  retries: number;
  /** Seconds of the first pause between attempts; each later pause doubles. */
  backoffS: number;
}

/** What became of a delivery. */
export type DeliveryResult =
  | { ok: true; attempts: number }
  | { ok: false; attempts: number; reason: string };

/** One attempt's outcome: delivered, or why not and whether another attempt may help. */
type Attempt = { ok: true } | { ok: false; retry: boolean; reason: string; pauseS?: number };

/**
 * POSTs `body` as JSON to `url`.
 *
 * @example
 * ```ts
 * const r = await deliver(url, { text: "hi" }, { ...DEFAULT_DELIVERY, fetch, clock: realClock, deadline: timerDeadline });
 * if (!r.ok) warn(`gave up after ${r.attempts} attempts: ${r.reason}`);
 * ```
 */
export async function deliver(
  url: string,
  body: unknown,
  opts: DeliveryOptions,
): Promise<DeliveryResult> {
  const json = JSON.stringify(body);
  const start = opts.clock.now();
  const remaining = () => opts.budgetS - (opts.clock.now() - start);
  let attempts = 0;
  let reason = "no attempt fitted in the time allowed";
  for (let i = 0; i <= opts.retries; i++) {
    if (remaining() <= 0) break;
    attempts++;
    const outcome = await attempt(url, json, Math.min(opts.attemptTimeoutS, remaining()), opts);
    if (outcome.ok) return { ok: true, attempts };
    reason = outcome.reason;
    if (!outcome.retry || i === opts.retries) break;
    const pause = Math.min(outcome.pauseS ?? opts.backoffS * 2 ** i, remaining());
    if (pause <= 0) break;
    await opts.clock.sleep(pause);
  }
  return { ok: false, attempts, reason };
}

async function attempt(
  url: string,
  json: string,
  timeoutS: number,
  opts: DeliveryOptions,
): Promise<Attempt> {
  const deadline = opts.deadline(timeoutS);
  try {
    // The race also bounds a fetch that would not honour its abort signal.
    const aborted = new Promise<never>((_, reject) => {
      const fail = () => reject(new DOMException("deadline passed", "TimeoutError"));
      if (deadline.signal.aborted) fail();
      deadline.signal.addEventListener("abort", fail, { once: true });
    });
    aborted.catch(() => {});
    const res = await Promise.race([
      opts.fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: json,
        signal: deadline.signal,
        redirect: "error",
      }),
      aborted,
    ]);
    // The answer's body is never read (it can echo the URL); it is released.
    await res.body?.cancel().catch(() => {});
    if (res.ok) return { ok: true };
    const retry = res.status >= 500 || res.status === 429;
    return { ok: false, retry, reason: `HTTP ${res.status}`, pauseS: retryAfter(res) };
  } catch (err) {
    if (deadline.signal.aborted) {
      return { ok: false, retry: true, reason: `no answer within ${seconds(timeoutS)}` };
    }
    return { ok: false, retry: true, reason: `connection failed (${errorName(err)})` };
  } finally {
    deadline.dispose();
  }
}

/** A 429's `Retry-After` in seconds, when it gives a number. */
function retryAfter(res: Response): number | undefined {
  const v = res.headers.get("retry-after");
  if (v === null || !/^\d+(\.\d+)?$/.test(v.trim())) return undefined;
  return Number(v.trim());
}

/** The error's class only: a network error's message quotes the URL. */
function errorName(err: unknown): string {
  return err instanceof Error ? err.name : typeof err;
}

function seconds(s: number): string {
  return `${Number(s.toFixed(2))}s`;
}
