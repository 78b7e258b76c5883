/**
 * Repeating timers, injected so SSE keepalives can be stepped in tests.
 *
 * @module
 */

/** Calls `fn` every `ms` until the returned function is called. */
export interface Ticker {
  every(ms: number, fn: () => void): () => void;
}

/** `setInterval`-backed ticks. */
export const realTicker: Ticker = {
  every(ms, fn) {
    const id = setInterval(fn, ms);
    return () => clearInterval(id);
  },
};
