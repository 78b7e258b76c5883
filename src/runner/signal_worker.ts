/**
 * The signal watcher of a run, on a worker thread of its own (docs/signals.md). It owns the
 * run's SIGTERM, SIGINT and SIGHUP listeners, so a main thread stuck in CPU-bound work (a
 * catastrophic regex, a huge loop) can neither miss a signal nor delay the deadline:
 *
 * - the first signal stores its number in shared memory (the main thread's cancel source reads
 *   it without waiting for an event-loop turn), tells the main thread, and arms the deadline;
 * - a later SIGTERM or SIGHUP is ignored; a SIGINT asks the main thread to abort at once and,
 *   if it does not answer within `abortFallbackMs`, removes the run's temp files and re-raises
 *   SIGINT itself;
 * - at the deadline (grace + slack) it removes the run's temp files, then its listeners, which
 *   restores the default disposition, and re-raises the first signal: a wedged run dies as it
 *   would have without us, and leaves no temp file;
 * - on `dispose` it removes its listeners and answers `disposed` only then, so a signal sent
 *   after the main thread's `dispose()` resolved takes its default disposition.
 *
 * @module
 */
import { removeTempFilesOf, sealWrites } from "../evidence/atomic_write.ts";
import {
  CANCEL_SLOT,
  type FromWatcher,
  MAX_TIMER_MS,
  RUN_SIGNALS,
  type RunSignal,
  SIGNAL_NUMBERS,
  type ToWatcher,
  type WatchInit,
} from "./signal_protocol.ts";

/** The worker's global scope, as far as this module uses it. */
interface WorkerScope {
  postMessage(message: FromWatcher): void;
  onmessage: ((e: MessageEvent<ToWatcher>) => void) | null;
}

/** Milliseconds after a re-raise before the last resort (SIGKILL), should the signal not be fatal. */
const LAST_RESORT_MS = 2000;

/** How long the watcher waits for a temp file being created (a hung file system) before sweeping. */
const SEAL_WAIT_MS = 500;

function watch(scope: WorkerScope, init: WatchInit): void {
  const state = new Int32Array(init.state);
  const listeners = new Map<RunSignal, () => void>();
  let first: RunSignal | null = null;
  let abortFallback: ReturnType<typeof setTimeout> | undefined;
  let deadline: ReturnType<typeof setTimeout> | undefined;

  const removeListeners = () => {
    for (const [signal, listener] of listeners) {
      try {
        Deno.removeSignalListener(signal, listener);
      } catch { /* already gone */ }
    }
    listeners.clear();
  };
  /** With no listener left the signal takes its default disposition and ends the process. */
  const reraise = (signal: RunSignal) => {
    removeListeners();
    Deno.kill(Deno.pid, signal);
    setTimeout(() => Deno.kill(Deno.pid, "SIGKILL"), LAST_RESORT_MS);
  };
  /**
   * The main thread may be mid-write: no new temp file may appear once the sweep has begun, and
   * none being created may be missed by it.
   */
  const removeTempFiles = () => {
    sealWrites(init.writesFence, SEAL_WAIT_MS);
    for (const c of init.cleanup) removeTempFilesOf(Deno.pid, c.dir, c.recursive);
  };
  const forceAbort = () => {
    removeTempFiles();
    reraise("SIGINT");
  };
  const onSignal = (signal: RunSignal) => {
    if (first === null) {
      first = signal;
      Atomics.store(state, CANCEL_SLOT, SIGNAL_NUMBERS[signal]);
      scope.postMessage({ type: "cancel", signal });
      const cancelledBy = signal;
      deadline = setTimeout(() => {
        if (init.onDeadline === "report") {
          scope.postMessage({ type: "deadline", signal });
          return;
        }
        removeTempFiles();
        reraise(cancelledBy);
      }, Math.min(init.deadlineS * 1000, MAX_TIMER_MS));
      return;
    }
    if (signal !== "SIGINT" || abortFallback !== undefined) return;
    scope.postMessage({ type: "abort" });
    abortFallback = setTimeout(forceAbort, init.abortFallbackMs);
  };

  const failed: { signal: RunSignal; reason: string }[] = [];
  for (const signal of RUN_SIGNALS) {
    const listener = () => onSignal(signal);
    try {
      Deno.addSignalListener(signal, listener);
      listeners.set(signal, listener);
    } catch (err) {
      failed.push({ signal, reason: err instanceof Error ? err.message : String(err) });
    }
  }
  scope.onmessage = (e) => {
    switch (e.data.type) {
      case "abortAck":
        clearTimeout(abortFallback);
        return;
      case "dispose":
        clearTimeout(deadline);
        clearTimeout(abortFallback);
        removeListeners();
        scope.postMessage({ type: "disposed" });
        return;
    }
  };
  scope.postMessage({ type: "ready", failed });
}

// This module is a worker's entry point: it starts on the first message (`init`).
const scope = globalThis as unknown as WorkerScope;
scope.onmessage = (e) => {
  if (e.data.type === "init") watch(scope, e.data);
};
