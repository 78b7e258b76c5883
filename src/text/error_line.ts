/**
 * How a command prints an error it refuses with: `<CODE> <message>` for the project's coded
 * errors (docs/cli.md#exit-codes), the bare message otherwise — never a stack trace.
 *
 * @module
 */

/**
 * The one line an error is printed as.
 *
 * @example
 * ```ts
 * errorLine(new NotARunError("runs/x is not a run (no manifest.json)", "runs/x"));
 * // "E_NOT_A_RUN runs/x is not a run (no manifest.json)"
 * ```
 */
export function errorLine(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: unknown }).code;
  return typeof code === "string" && code.startsWith("E_") ? `${code} ${err.message}` : err.message;
}
