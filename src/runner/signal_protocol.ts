/**
 * What the run's main thread and its signal watcher (signal_worker.ts) exchange, and the shared
 * state the watcher writes (docs/signals.md).
 *
 * @module
 */

/**
 * The signals a run answers.
 *
 * @example
 * ```ts
 * const first: RunSignal = "SIGTERM";
 * ```
 */
export type RunSignal = "SIGTERM" | "SIGINT" | "SIGHUP";

/**
 * The signals that cancel a run.
 *
 * @example
 * ```ts
 * for (const s of RUN_SIGNALS) Deno.addSignalListener(s, onSignal);
 * ```
 */
export const RUN_SIGNALS: readonly RunSignal[] = ["SIGTERM", "SIGINT", "SIGHUP"];

/**
 * Signal numbers as stored in the shared state (0 = no signal yet); POSIX values.
 *
 * @example
 * ```ts
 * Atomics.store(state, CANCEL_SLOT, SIGNAL_NUMBERS.SIGINT); // 2
 * ```
 */
export const SIGNAL_NUMBERS: Readonly<Record<RunSignal, number>> = {
  SIGHUP: 1,
  SIGINT: 2,
  SIGTERM: 15,
};

/**
 * Slot of the shared `Int32Array` holding the number of the signal that cancelled the run.
 *
 * @example
 * ```ts
 * Atomics.load(state, CANCEL_SLOT) !== 0; // a signal arrived
 * ```
 */
export const CANCEL_SLOT = 0;
/**
 * Slots of the shared state.
 *
 * @example
 * ```ts
 * const state = new Int32Array(new SharedArrayBuffer(STATE_SLOTS * 4));
 * ```
 */
export const STATE_SLOTS = 1;

/**
 * The longest delay a timer honours (2^31 − 1 ms); a longer one would fire at once.
 *
 * @example
 * ```ts
 * setTimeout(onDeadline, Math.min(graceS * 1000, MAX_TIMER_MS));
 * ```
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Where a forced abort looks for the run's temp files.
 *
 * @example
 * ```ts
 * const cleanup: CleanupDir[] = [{ dir: runDir, recursive: true }, { dir: runsDir, recursive: false }];
 * ```
 */
export interface CleanupDir {
  dir: string;
  recursive: boolean;
}

/**
 * The first message the main thread sends.
 *
 * @example
 * ```ts
 * const first = event.data as WatchInit;
 * new Int32Array(first.state); // the shared cancel state
 * ```
 */
export interface WatchInit {
  type: "init";
  state: SharedArrayBuffer;
  /** Seconds from the first signal to the deadline (grace + slack). */
  deadlineS: number;
  /** `reraise` (a real run) or `report` (tests: post `deadline` instead of dying). */
  onDeadline: "reraise" | "report";
  abortFallbackMs: number;
  /** Folders cleared of this process's temp files before the watcher ends the process. */
  cleanup: CleanupDir[];
  /** The fence of the process's atomic writes, sealed before that sweep (atomic_write.ts). */
  writesFence: Int32Array<SharedArrayBuffer>;
}

/**
 * The main thread has seen the abort request and will exit by itself.
 *
 * @example
 * ```ts
 * worker.postMessage({ type: "abortAck" } satisfies AbortAck);
 * ```
 */
export interface AbortAck {
  type: "abortAck";
}

/** Stop watching: remove the listeners, then answer `disposed`. */
export interface Dispose {
  type: "dispose";
}

/**
 * A message from the main thread to the signal watcher.
 *
 * @example
 * ```ts
 * worker.postMessage({ type: "abortAck" } satisfies ToWatcher);
 * ```
 */
export type ToWatcher = WatchInit | AbortAck | Dispose;

/**
 * A message from the signal watcher to the main thread.
 *
 * @example
 * ```ts
 * worker.onmessage = (e: MessageEvent<FromWatcher>) => {
 *   if (e.data.type === "abort") onAbort();
 * };
 * ```
 */
export type FromWatcher =
  | { type: "ready"; failed: { signal: RunSignal; reason: string }[] }
  | { type: "cancel"; signal: RunSignal }
  | { type: "abort" }
  | { type: "deadline"; signal: RunSignal }
  /** The listeners are gone: a signal now takes its default disposition. */
  | { type: "disposed" };
