/**
 * The bounded stale-element loop: an element reference that went stale is re-queried and
 * re-resolved, at most `attempts` times in all with 0.5 s then 1 s between, through the injected
 * clock; still stale after that is ElementNotFound. Resolution errors of a re-resolve (zero or
 * several matches) pass through at once: only staleness is retried.
 *
 * @module
 */
import type { Selector } from "../../scenario/types.ts";
import type { Clock } from "../../time/clock.ts";
import { ElementNotFound } from "../driver.ts";
import { isStaleElement } from "./error_mapping.ts";

/** Attempts in all, the first included. */
export const STALE_ATTEMPTS = 3;
/** First pause, seconds; doubles after each stale attempt. */
const STALE_BACKOFF_S = 0.5;

/**
 * Runs `act` (which must re-query and re-resolve each time it is called) until it does not hit a
 * stale reference.
 *
 * @example
 * ```ts
 * await retryOnStale(clock, { id: "checkout" }, async () => {
 *   const ref = await findElement(session, { id: "checkout" });
 *   await session.post(`/element/${ref}/click`);
 * });
 * ```
 */
export async function retryOnStale<T>(
  clock: Clock,
  selector: Selector,
  act: (attempt: number) => Promise<T>,
  attempts = STALE_ATTEMPTS,
): Promise<T> {
  for (let attempt = 0;; attempt++) {
    try {
      return await act(attempt);
    } catch (err) {
      if (!isStaleElement(err)) throw err;
      if (attempt + 1 >= attempts) {
        const found = new ElementNotFound(
          `element went stale ${attempts} times in a row (re-queried each time)`,
          selector,
        );
        Object.defineProperty(found, "cause", { value: err, enumerable: false });
        throw found;
      }
      await clock.sleep(STALE_BACKOFF_S * 2 ** attempt);
    }
  }
}
