/**
 * Process exit codes (docs/cli.md#exit-codes).
 *
 * @example
 * ```ts
 * if (records.every((r) => r.result.ok)) return EXIT_OK;
 * ```
 */
export const EXIT_OK = 0;
/**
 * A scenario failed, or `lint` found a load error.
 *
 * @example
 * ```ts
 * return ok ? EXIT_OK : EXIT_FAIL;
 * ```
 */
export const EXIT_FAIL = 1;
/**
 * Usage, config or device error.
 *
 * @example
 * ```ts
 * if (plan === null) return EXIT_USAGE;
 * ```
 */
export const EXIT_USAGE = 2;
/**
 * Interrupted by SIGINT (Ctrl-C): 128 + 2, as shells report it (docs/signals.md).
 *
 * @example
 * ```ts
 * if (signals.signal() === "SIGINT") return EXIT_INTERRUPTED;
 * ```
 */
export const EXIT_INTERRUPTED = 130;
