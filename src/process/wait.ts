/**
 * Abortable waits, injected wherever serve waits on time (the cancel grace, the kill steps), so
 * tests step through them without sleeping.
 *
 * @module
 */

/** Resolves after `ms`, or at once when `abort` fires. */
export type WaitFn = (ms: number, abort?: AbortSignal) => Promise<void>;

/** `setTimeout`-backed waits. */
export const realWait: WaitFn = (ms, abort) =>
  new Promise((resolve) => {
    if (abort?.aborted) return resolve();
    const timer = setTimeout(() => {
      abort?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    abort?.addEventListener("abort", onAbort, { once: true });
  });

/** True when `done` settles within `ms` (the timer is released either way). */
export async function settlesWithin(
  done: Promise<unknown>,
  ms: number,
  wait: WaitFn,
): Promise<boolean> {
  const ac = new AbortController();
  try {
    return await Promise.race([
      done.then(() => true, () => true),
      wait(ms, ac.signal).then(() => false),
    ]);
  } finally {
    ac.abort();
  }
}
