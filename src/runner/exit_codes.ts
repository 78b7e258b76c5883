/** Process exit codes (reporting.md §8). */
export const EXIT_OK = 0;
/** A scenario failed, or `lint` found a load error. */
export const EXIT_FAIL = 1;
/** Usage, config or device error. */
export const EXIT_USAGE = 2;
/** Interrupted by SIGINT (Ctrl-C): 128 + 2, as shells report it (docs/signals.md). */
export const EXIT_INTERRUPTED = 130;
