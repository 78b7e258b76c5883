/**
 * Numeric command-line options: integers in a documented range (docs/run-limits.md), so a value
 * like `--workers 1e9` is one clear usage line (exit 2), never an allocation that cannot succeed.
 *
 * @module
 */

/** A command-line option holds a value outside its documented form or range. */
export class CliOptionError extends Error {
  readonly code = "E_CLI_OPTION";
  constructor(readonly option: string, expected: string, got: string) {
    super(`${option} must be ${expected}, got ${quoteBounded(got)}`);
    this.name = "CliOptionError";
  }
}

/** Longest stretch of the offending value an error quotes. */
const MAX_QUOTED = 40;

/** The value JSON-quoted (control characters escaped), cut to a bounded length. */
function quoteBounded(text: string): string {
  return text.length > MAX_QUOTED
    ? `${JSON.stringify(text.slice(0, MAX_QUOTED))}… (${text.length} characters)`
    : JSON.stringify(text);
}

/**
 * Parses a decimal integer written with digits only, within `[min, max]`.
 *
 * @throws CliOptionError for anything else (`1e9`, `0x10`, `2.5`, ` 3`, out of range)
 *
 * @example
 * ```ts
 * parseIntOption("--workers", "4", 1, 256); // 4
 * parseIntOption("--workers", "1e9", 1, 256); // throws: --workers must be an integer from 1 to 256, got "1e9"
 * ```
 */
export function parseIntOption(option: string, text: string, min: number, max: number): number {
  const n = /^\d{1,15}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new CliOptionError(option, `an integer from ${min} to ${max}`, text);
  }
  return n;
}
