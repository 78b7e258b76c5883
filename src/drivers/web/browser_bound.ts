/**
 * A browser-level call (a new context, a new page, closing a context) bounded by the browser's
 * life and by the operation timeout (docs/signals.md#the-browser): when the browser process
 * dies while the call is in flight, the call ends at once with {@link BrowserGone}, and a call that
 * never answers ends at the timeout, so a lease can never wait on a dead browser.
 *
 * @module
 */
import type { Browser } from "playwright-core";
import { DeviceTimeout } from "../driver.ts";
import { BrowserGone } from "./errors.ts";

/** What bounds a browser-level call. */
export interface BrowserBound {
  browser: Browser;
  /** The browser is a server we connected to (the wording of {@link BrowserGone}). */
  remote: boolean;
  timeoutMs: number;
}

/**
 * `work`, or BrowserGone as soon as the browser disconnects, or DeviceTimeout after
 * `timeoutMs`.
 *
 * @example
 * ```ts
 * const context = await boundedByBrowser(
 *   { browser, remote: false, timeoutMs: 30_000 },
 *   "new context",
 *   browser.newContext(),
 * );
 * ```
 */
export async function boundedByBrowser<T>(
  bound: BrowserBound,
  what: string,
  work: Promise<T>,
): Promise<T> {
  const { browser, remote, timeoutMs } = bound;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onGone: (() => void) | undefined;
  const stopped = new Promise<never>((_, reject) => {
    const gone = () => reject(new BrowserGone(remote, `during ${what}`));
    if (!browser.isConnected()) return gone();
    onGone = gone;
    browser.once("disconnected", onGone);
    timer = setTimeout(
      () => reject(new DeviceTimeout(`playwright: ${what} timed out after ${timeoutMs / 1000}s`)),
      timeoutMs,
    );
  });
  // The losing side settles later: nobody waits for it, so its rejection is handled here.
  work.catch(() => {});
  try {
    return await Promise.race([work, stopped]);
  } finally {
    clearTimeout(timer);
    if (onGone) browser.off("disconnected", onGone);
  }
}
