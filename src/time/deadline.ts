/**
 * A deadline as an abort signal: it aborts when the time is up, and `dispose` releases its timer
 * so nothing outlives the wait it bounds. Code that bounds a wait takes a deadline factory, so
 * tests hand it one they control instead of waiting on wall time.
 *
 * @module
 */

/** One deadline: a signal that aborts when time is up, and its cleanup. */
export interface Deadline {
  readonly signal: AbortSignal;
  dispose(): void;
}

/** Makes a deadline `seconds` from now. */
export type DeadlineFactory = (seconds: number) => Deadline;

/**
 * A real-timer deadline (cleared on dispose, so no timer outlives its wait).
 *
 * @example
 * ```ts
 * const deadline = timerDeadline(15);
 * try {
 *   await fetch(url, { signal: deadline.signal });
 * } finally {
 *   deadline.dispose();
 * }
 * ```
 */
export const timerDeadline: DeadlineFactory = (seconds) => {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException("deadline passed", "TimeoutError")),
    Math.max(0, seconds * 1000),
  );
  return { signal: controller.signal, dispose: () => clearTimeout(timer) };
};

/**
 * `work`'s result, or `fallback` when the deadline passes first (the work is not stopped; its
 * result is ignored).
 *
 * @example
 * ```ts
 * const healthy = await withinDeadline(env.health(10), timerDeadline(10), false);
 * ```
 */
export async function withinDeadline<T>(
  work: Promise<T>,
  deadline: Deadline,
  fallback: T,
): Promise<T> {
  try {
    if (deadline.signal.aborted) return fallback;
    const passed = new Promise<T>((resolve) =>
      deadline.signal.addEventListener("abort", () => resolve(fallback), { once: true })
    );
    return await Promise.race([work, passed]);
  } finally {
    deadline.dispose();
  }
}
