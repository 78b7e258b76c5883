/**
 * Cooperative cancellation of a run by SIGTERM, SIGINT or SIGHUP (docs/signals.md). The first
 * signal sets the cancel event and arms a one-shot deadline (grace + 10 s); later SIGTERMs and
 * SIGHUPs are ignored; a second SIGINT aborts at once; at the deadline the default disposition is
 * restored and the signal re-raised, so a wedged run dies as it would have without us.
 *
 * The listeners live on a worker thread (signal_worker.ts): JavaScript on the main thread cannot
 * be preempted, so a deadline kept there would never fire while a step is stuck in CPU-bound
 * work. The cancel event is shared memory, read without waiting for an event-loop turn.
 *
 * @module
 */
import process from "node:process";
import type { AtomicWrites } from "../evidence/atomic_write.ts";
import type { CancelSignal } from "../time/cancel.ts";
import {
  CANCEL_SLOT,
  type CleanupDir,
  type FromWatcher,
  RUN_SIGNALS,
  type RunSignal,
  SIGNAL_NUMBERS,
  STATE_SLOTS,
  type ToWatcher,
} from "./signal_protocol.ts";

export type { CleanupDir, RunSignal } from "./signal_protocol.ts";

/**
 * Seconds added to the grace window before the handler gives up on a graceful finish.
 *
 * @example
 * ```ts
 * const deadlineS = graceS + HANDLER_SLACK_S;
 * ```
 */
export const HANDLER_SLACK_S = 10;

/**
 * How long the watcher waits for the main thread to take an abort before forcing it. A forced
 * abort cannot close the browsers first (their profiles may stay): a loaded machine can take over
 * a second to hand the abort over, so the bound is generous; a wedged run still ends soon.
 *
 * @example
 * ```ts
 * await installRunSignals({ graceS: 90, abortFallbackMs: ABORT_FALLBACK_MS });
 * ```
 */
export const ABORT_FALLBACK_MS = 3000;

/**
 * How a run reacts to SIGTERM, SIGINT and SIGHUP (docs/signals.md).
 *
 * @example
 * ```ts
 * const opts: RunSignalsOptions = { graceS: 90, onCancel: (s) => console.error(`${s}: cancelling`) };
 * ```
 */
export interface RunSignalsOptions {
  graceS: number;
  /** Seconds past the grace before giving up (default HANDLER_SLACK_S). */
  slackS?: number;
  /** The first signal: the run is cancelled. */
  onCancel?: (signal: RunSignal) => void;
  /** A second SIGINT: remove temp files and exit now (the watcher forces it if this hangs). */
  onAbort?: () => void;
  /** Tests only: called at the deadline instead of re-raising the signal. */
  onDeadline?: (signal: RunSignal) => void;
  /** Folders a forced abort or the deadline clears of this process's temp files. */
  cleanup?: CleanupDir[];
  /** The run's writes, sealed before that sweep (default: none to seal). */
  writes?: AtomicWrites;
  abortFallbackMs?: number;
  /** Where a listener that cannot be installed is reported. */
  warn?: (line: string) => void;
}

/**
 * A run's signal handling.
 *
 * @example
 * ```ts
 * const signals: RunSignals = await installRunSignals({ graceS: 90 });
 * if (signals.cancel.cancelled) console.error(`cancelled by ${signals.signal()}`);
 * signals.dispose();
 * ```
 */
export interface RunSignals {
  /** Set by the first signal. */
  readonly cancel: CancelSignal;
  /** The signal that cancelled the run, or null. */
  signal(): RunSignal | null;
  /**
   * Stops watching. Resolves once the listeners are removed: from then on a signal takes its
   * default disposition again.
   */
  dispose(): Promise<void>;
}

/** The cancel event in shared memory: readable even while the event loop is blocked. */
class SharedCancel implements CancelSignal {
  constructor(private readonly state: Int32Array) {}
  get cancelled(): boolean {
    return Atomics.load(this.state, CANCEL_SLOT) !== 0;
  }
}

function signalOf(n: number): RunSignal | null {
  return RUN_SIGNALS.find((s) => SIGNAL_NUMBERS[s] === n) ?? null;
}

const defaultWarn = (line: string) => console.error(line);

/**
 * Starts watching SIGTERM, SIGINT and SIGHUP. A signal whose listener cannot be installed (or a
 * watcher that cannot start) is reported through `warn`, and the run goes on without it.
 *
 * @example
 * ```ts
 * const signals = await installRunSignals({ graceS: 90, onCancel: (s) => log(`${s}: cancelling`) });
 * try {
 *   await runAll(scenarios, lease, { cancel: signals.cancel, … });
 * } finally {
 *   await signals.dispose();
 * }
 * ```
 */
export async function installRunSignals(opts: RunSignalsOptions): Promise<RunSignals> {
  const warn = opts.warn ?? defaultWarn;
  const state = new Int32Array(new SharedArrayBuffer(STATE_SLOTS * 4));
  const cancel = new SharedCancel(state);
  const signal = () => signalOf(Atomics.load(state, CANCEL_SLOT));
  let worker: Worker;
  try {
    worker = new Worker(new URL("./signal_worker.ts", import.meta.url).href, { type: "module" });
  } catch (err) {
    warn(
      `warning: cannot watch signals (${
        err instanceof Error ? err.message : err
      }); the run cannot be cancelled gracefully`,
    );
    return { cancel, signal, dispose: () => Promise.resolve() };
  }
  const send = (m: ToWatcher) => worker.postMessage(m);
  let disposed: () => void = () => {};
  const disposal = new Promise<void>((resolve) => disposed = resolve);
  const ready = new Promise<void>((resolve, reject) => {
    worker.onerror = (e) => {
      e.preventDefault();
      reject(new Error(e.message));
      // A watcher that died has no listeners left to remove.
      disposed();
    };
    worker.onmessage = (e: MessageEvent<FromWatcher>) => {
      const m = e.data;
      switch (m.type) {
        case "ready":
          for (const f of m.failed) {
            warn(
              `warning: cannot install the ${f.signal} handler (${f.reason}); ${f.signal} ends the run at once`,
            );
          }
          resolve();
          return;
        case "cancel":
          opts.onCancel?.(m.signal);
          return;
        case "abort":
          send({ type: "abortAck" });
          opts.onAbort?.();
          return;
        case "deadline":
          opts.onDeadline?.(m.signal);
          return;
        case "disposed":
          disposed();
          return;
      }
    };
  });
  send({
    type: "init",
    state: state.buffer as SharedArrayBuffer,
    deadlineS: opts.graceS + (opts.slackS ?? HANDLER_SLACK_S),
    onDeadline: opts.onDeadline ? "report" : "reraise",
    abortFallbackMs: opts.abortFallbackMs ?? ABORT_FALLBACK_MS,
    cleanup: opts.cleanup ?? [],
    writesFence: opts.writes?.fence ?? new Int32Array(new SharedArrayBuffer(8)),
  });
  try {
    await ready;
  } catch (err) {
    worker.terminate();
    warn(
      `warning: cannot watch signals (${
        err instanceof Error ? err.message : err
      }); the run cannot be cancelled gracefully`,
    );
    return { cancel, signal, dispose: () => Promise.resolve() };
  }
  let disposing: Promise<void> | null = null;
  // Terminating the worker alone would leave its listeners installed until its thread is torn
  // down, some time later: a signal sent meanwhile would be swallowed.
  const dispose = () =>
    disposing ??= (async () => {
      send({ type: "dispose" });
      await disposal;
      worker.terminate();
    })();
  return { cancel, signal, dispose };
}

/**
 * Ends the process now with `code`. Node's `process.exit`, not `Deno.exit`: it runs the `exit`
 * listeners, where Playwright kills the browsers it launched and removes their profiles.
 *
 * @example
 * ```ts
 * exitNow(EXIT_INTERRUPTED);
 * ```
 */
export function exitNow(code: number): never {
  process.exit(code);
}
