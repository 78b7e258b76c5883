/**
 * Cooperative cancellation inside one scenario (docs/architecture.md#cancellation): the signal is
 * read between steps and inside every poll loop; the after phase runs under its own deadline
 * instead, because the cancel source is latched and would stop every cleanup step at its first
 * read.
 *
 * @module
 */
import type { Clock } from "../time/clock.ts";
import { pastDeadline } from "./poll.ts";
import { type CancelSignal, RunCancelled } from "../time/cancel.ts";

/** The failure text of a cancelled run (the runner tests it as a prefix). */
export const CANCELLED_FAILURE = "cancelled";

/** Default after-phase budget on a cancelled run: a tenth of the default 90 s grace window. */
export const DEFAULT_AFTER_PHASE_DEADLINE_S = 9;

/** Throws `RunCancelled` when the signal is set. */
export function checkCancelled(signal: CancelSignal): void {
  if (signal.cancelled) throw new RunCancelled();
}

/**
 * The after phase's signal: never set while the run's own signal is clear; once that signal is
 * seen set (already at phase start, or later), it turns set `deadlineS` seconds afterwards, so
 * cleanup gets a bounded chance to run instead of none.
 *
 * @example
 * ```ts
 * const signal = afterPhaseSignal(runCancel, clock, 9);
 * signal.cancelled; // false until 9 s after runCancel was first seen set
 * ```
 */
export function afterPhaseSignal(
  run: CancelSignal,
  clock: Clock,
  deadlineS: number,
): CancelSignal {
  let seenAt: number | null = run.cancelled ? clock.now() : null;
  return {
    get cancelled(): boolean {
      if (seenAt === null) {
        if (!run.cancelled) return false;
        seenAt = clock.now();
      }
      return pastDeadline(clock, seenAt + deadlineS);
    },
  };
}
