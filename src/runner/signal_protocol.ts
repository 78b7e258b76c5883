/**
 * What the run's main thread and its signal watcher (signal_worker.ts) exchange, and the shared
 * state the watcher writes (docs/signals.md).
 *
 * @module
 */

/** The signals a run answers. */
export type RunSignal = "SIGTERM" | "SIGINT" | "SIGHUP";

export const RUN_SIGNALS: readonly RunSignal[] = ["SIGTERM", "SIGINT", "SIGHUP"];

/** Signal numbers as stored in the shared state (0 = no signal yet); POSIX values. */
export const SIGNAL_NUMBERS: Readonly<Record<RunSignal, number>> = {
  SIGHUP: 1,
  SIGINT: 2,
  SIGTERM: 15,
};

/** Slot of the shared `Int32Array` holding the number of the signal that cancelled the run. */
export const CANCEL_SLOT = 0;
/** Slots of the shared state. */
export const STATE_SLOTS = 1;

/** The longest delay a timer honours (2^31 − 1 ms); a longer one would fire at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** Where a forced abort looks for the run's temp files. */
export interface CleanupDir {
  dir: string;
  recursive: boolean;
}

/** The first message the main thread sends. */
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

/** The main thread has seen the abort request and will exit by itself. */
export interface AbortAck {
  type: "abortAck";
}

/** Stop watching: remove the listeners, then answer `disposed`. */
export interface Dispose {
  type: "dispose";
}

export type ToWatcher = WatchInit | AbortAck | Dispose;

export type FromWatcher =
  | { type: "ready"; failed: { signal: RunSignal; reason: string }[] }
  | { type: "cancel"; signal: RunSignal }
  | { type: "abort" }
  | { type: "deadline"; signal: RunSignal }
  /** The listeners are gone: a signal now takes its default disposition. */
  | { type: "disposed" };
