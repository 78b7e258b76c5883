/**
 * Cooperative cancellation on SIGTERM (runner.md §7): the first SIGTERM sets the cancel event and
 * arms a one-shot deadline (grace + 10 s); later SIGTERMs are ignored; at the deadline the default
 * disposition is restored and SIGTERM re-raised, so a wedged run dies as it would have without us.
 *
 * @module
 */
import { CancelSource } from "../time/cancel.ts";

/** Seconds added to the grace window before the handler gives up on a graceful finish. */
export const HANDLER_SLACK_S = 10;

export interface SigtermHandle {
  cancel: CancelSource;
  /** Removes the listener and the deadline timer (call once the run has finished). */
  dispose(): void;
}

export interface SigtermOptions {
  graceS: number;
  /** Seconds past the grace before giving up (default HANDLER_SLACK_S). */
  slackS?: number;
  onCancel?: () => void;
  /** Injected for tests; defaults to re-raising SIGTERM with the default disposition. */
  onDeadline?: () => void;
}

function reraise(listener: () => void): void {
  try {
    Deno.removeSignalListener("SIGTERM", listener);
  } catch { /* already removed */ }
  // With no listener left, SIGTERM takes the default disposition and ends the process.
  Deno.kill(Deno.pid, "SIGTERM");
  // If the signal was somehow not fatal, leave with the conventional status.
  setTimeout(() => Deno.exit(143), 1000);
}

/** Installs the handler. If it cannot be installed, the run goes on un-cancellable. */
export function installSigterm(opts: SigtermOptions): SigtermHandle {
  const cancel = new CancelSource();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listener = () => {
    if (cancel.cancelled) return;
    cancel.cancel();
    opts.onCancel?.();
    timer = setTimeout(
      () => (opts.onDeadline ?? (() => reraise(listener)))(),
      (opts.graceS + (opts.slackS ?? HANDLER_SLACK_S)) * 1000,
    );
  };
  let installed = false;
  try {
    Deno.addSignalListener("SIGTERM", listener);
    installed = true;
  } catch (err) {
    console.error(
      `warning: cannot install the SIGTERM handler (${
        err instanceof Error ? err.message : err
      }); the run cannot be cancelled gracefully`,
    );
  }
  return {
    cancel,
    dispose: () => {
      if (timer !== undefined) clearTimeout(timer);
      if (installed) {
        try {
          Deno.removeSignalListener("SIGTERM", listener);
        } catch { /* gone */ }
      }
    },
  };
}
