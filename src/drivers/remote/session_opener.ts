/**
 * Opening a session on a remote endpoint (docs/backends.md#sessions-and-capacity): `POST /session`
 * with the run's capabilities, retried with backoff inside a bounded budget while the grid or
 * cloud says it is at capacity, and — once the endpoint has answered earlier in the run — while
 * it refuses connections for less than the unreachable timeout (a server restarting). Anything
 * else fails at once. When the budget is spent the lease fails as a DeviceError naming the
 * endpoint (its display form: never a credential); an endpoint that refuses connections (never
 * having answered, or past the unreachable timeout) fails as {@link RemoteUnreachable}.
 *
 * Retried: HTTP 429, 502, 503, 504; `session not created` whose message speaks of capacity
 * (queue, parallel or concurrency limits, busy or unavailable devices, "try again", a queue
 * timeout); a connection refused after an earlier answer; a request that was sent and got no
 * reply (a session may have been opened on the server: it ends after `appium:newCommandTimeout`).
 * Any HTTP answer, an error included, proves the endpoint alive and ends a run of refusals.
 *
 * @module
 */
import type { Clock } from "../../time/clock.ts";
import { DeviceError } from "../driver.ts";
import {
  createSession,
  RunnerCrashError,
  type WebDriverClient,
  WebDriverError,
  type WebDriverSession,
} from "../webdriver/mod.ts";

/**
 * The endpoint refuses connections: it never answered in this run, or it has refused every
 * attempt for the unreachable timeout. The run ends (exit 2) with its manifest and report.
 *
 * @example
 * ```ts
 * throw new RemoteUnreachable("remote endpoint http://127.0.0.1:4723 refused connections for 10s");
 * ```
 */
export class RemoteUnreachable extends DeviceError {
  override readonly code = "E_REMOTE_UNREACHABLE";
}

/** A connection refused (or any connect failure): nothing reached the endpoint. */
function isRefusal(err: unknown): boolean {
  return err instanceof RunnerCrashError && !err.delivered;
}

/** First backoff between attempts, seconds; doubles up to {@link MAX_BACKOFF_S}. */
export const FIRST_BACKOFF_S = 1;
/** Longest backoff between attempts, seconds. */
export const MAX_BACKOFF_S = 30;

/** Capacity wording of grids and clouds (Selenium Grid, BrowserStack, Sauce Labs, LambdaTest). */
const CAPACITY =
  /capacity|queue|parallel|concurren|busy|in use|too many|limit (reached|exceeded)|try again|timed out|no (free|available|idle)|unavailable|exhausted/i;

/** Statuses a grid or proxy answers when it has no room right now. */
const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/** Why one attempt failed, and whether another may follow. */
export interface AttemptFailure {
  retry: boolean;
  reason: string;
}

/**
 * Judges one failed `POST /session`.
 *
 * @example
 * ```ts
 * judgeFailure(err, { answeredBefore: false });
 * // { retry: true, reason: "session not created: All parallel tests are currently in use" }
 * ```
 */
export function judgeFailure(err: unknown, ctx: { answeredBefore: boolean }): AttemptFailure {
  if (err instanceof WebDriverError) {
    const said = err.serverMessage === "" ? `HTTP ${err.httpStatus}` : err.serverMessage;
    const reason = `${err.w3cError ?? `HTTP ${err.httpStatus}`}: ${said}`;
    const capacity = RETRY_STATUSES.has(err.httpStatus) ||
      ((err.w3cError === "session not created" || err.w3cError === null) &&
        CAPACITY.test(err.serverMessage));
    return { retry: capacity, reason };
  }
  if (err instanceof RunnerCrashError) {
    // Never answered at all: a wrong URL or a server that is not up yet is not worth waiting
    // for; one that answered earlier in the run and went away may be restarting.
    const retry = err.delivered || ctx.answeredBefore;
    return { retry, reason: err.message };
  }
  return { retry: false, reason: err instanceof Error ? err.message : String(err) };
}

export interface OpenOptions {
  clock: Clock;
  /** Seconds the retries may take in all (`BAJUTSU_REMOTE_SESSION_BUDGET`). */
  budgetS: number;
  /**
   * Seconds of refused connections without a break that end the retries
   * (`BAJUTSU_REMOTE_UNREACHABLE_TIMEOUT`).
   */
  unreachableS: number;
  /** The endpoint answered earlier in the run (a later refusal may be a restart). */
  answeredBefore: boolean;
  /** One line per retry, for the operator (one per run of refusals, when it begins). */
  log?: (line: string) => void;
}

/**
 * Opens a session, retrying capacity refusals within the budget and a restarting endpoint within
 * the unreachable timeout.
 *
 * @throws RemoteUnreachable when the endpoint refuses connections (never answered in this run, or
 * for the unreachable timeout without a break)
 * @throws DeviceError naming the endpoint, with the last reason, when no session was opened
 *
 * @example
 * ```ts
 * const session = await openSession(client, caps, {
 *   clock,
 *   budgetS: 300,
 *   unreachableS: 10,
 *   answeredBefore: false,
 * });
 * ```
 */
export async function openSession(
  client: WebDriverClient,
  capabilities: Record<string, unknown>,
  options: OpenOptions,
): Promise<WebDriverSession> {
  const { clock } = options;
  const start = clock.now();
  let backoff = FIRST_BACKOFF_S;
  /** When the current run of refused attempts began (null while the endpoint answers). */
  let refusedSince: number | null = null;
  let refusedAttempts = 0;
  for (let attempt = 1;; attempt++) {
    let failure: AttemptFailure;
    const tried = clock.now();
    try {
      return await createSession(client, { alwaysMatch: capabilities, firstMatch: [{}] });
    } catch (err) {
      failure = judgeFailure(err, options);
      const refused = isRefusal(err);
      if (!failure.retry) {
        if (refused) {
          throw new RemoteUnreachable(
            `remote endpoint ${client.endpoint} refused the connection and has not answered in ` +
              `this run (is the server up, and the endpoint right?); last: ${failure.reason}`,
            { cause: err },
          );
        }
        throw new DeviceError(
          `remote endpoint ${client.endpoint} did not open a session: ${failure.reason}`,
          { cause: err },
        );
      }
      refusedAttempts = refused ? refusedAttempts + 1 : 0;
      if (!refused) refusedSince = null;
      else if (refusedSince === null) {
        // A restart is polled from the first backoff again, whatever came before it.
        refusedSince = tried;
        backoff = FIRST_BACKOFF_S;
        options.log?.(
          `remote endpoint ${client.endpoint} refuses connections; waiting up to ` +
            `${options.unreachableS}s for it to come back (BAJUTSU_REMOTE_UNREACHABLE_TIMEOUT)`,
        );
      }
    }
    const refusedFor = refusedSince === null ? 0 : clock.now() - refusedSince;
    if (refusedSince !== null && refusedFor >= options.unreachableS) {
      throw new RemoteUnreachable(
        `remote endpoint ${client.endpoint} refused connections for ${
          Number(refusedFor.toFixed(1))
        }s without a break (BAJUTSU_REMOTE_UNREACHABLE_TIMEOUT ${options.unreachableS}s; ` +
          `${refusedAttempts} attempt${refusedAttempts === 1 ? "" : "s"}): the server is gone`,
      );
    }
    const left = options.budgetS - (clock.now() - start);
    if (left <= 0) {
      throw new DeviceError(
        `remote endpoint ${client.endpoint} opened no session within the ${options.budgetS}s ` +
          `session budget (BAJUTSU_REMOTE_SESSION_BUDGET; ${attempt} attempt${
            attempt === 1 ? "" : "s"
          }); last: ${failure.reason}`,
      );
    }
    const wait = Math.min(
      backoff,
      left,
      refusedSince === null ? Infinity : options.unreachableS - refusedFor,
    );
    if (refusedSince === null) {
      options.log?.(
        `remote endpoint ${client.endpoint}: no session yet (${failure.reason}); retrying in ${
          Number(wait.toFixed(1))
        }s`,
      );
    }
    await clock.sleep(wait);
    backoff = Math.min(backoff * 2, MAX_BACKOFF_S);
  }
}
