/**
 * The state one read of a YAML document threads through every reader: the problems found so
 * far and how lenient scalars are. Readers never throw on bad input; they report and carry on,
 * so one pass yields every problem of a file (a scenario, a config, a fake app file).
 *
 * @module
 */
import type { LoadError, LoadErrorCode } from "./load_error.ts";
import type { SourcePos } from "./pnode.ts";

/**
 * Mutable per-read state (owned by one read of one file, never shared between files).
 *
 * @example
 * ```ts
 * const ctx = newReadContext();
 * str(ctx, node, "targets.web.baseUrl");
 * ctx.errors; // [] when it was a string
 * ```
 */
export interface ReadContext {
  readonly errors: LoadError[];
  readonly warnings: LoadError[];
  /**
   * Numbers and booleans may be written as text (`"5"`, `"true"`): scenario grammar, where a
   * `${…}` substitution produces text. Off for the config's own fields and the fake app file.
   */
  readonly scalarsAsText: boolean;
  /**
   * Raw pass (before load-time templating): a `${…}` token in a number/integer/boolean/enum
   * slot is accepted for now, because `${row.*}`/`${params.*}` substitution will replace it
   * before the typed pass.
   */
  readonly raw: boolean;
  /** Set when the raw pass accepted a token it could not check yet (a second pass is needed). */
  deferred: boolean;
}

/**
 * A fresh context for one read: strict scalars and no raw pass unless asked.
 *
 * @example
 * ```ts
 * const scenarioPass = newReadContext({ scalarsAsText: true, raw: true });
 * const configRead = newReadContext();
 * ```
 */
export function newReadContext(
  opts: { scalarsAsText?: boolean; raw?: boolean } = {},
): ReadContext {
  return {
    errors: [],
    warnings: [],
    scalarsAsText: opts.scalarsAsText ?? false,
    raw: opts.raw ?? false,
    deferred: false,
  };
}

/**
 * Records a load error at `pos`; returns undefined so a reader can `return report(…)`.
 *
 * @example
 * ```ts
 * return report(ctx, node.pos, "E_CONFIG", path, "idCoverageOk must be >= idCoverageFail");
 * ```
 */
export function report(
  ctx: ReadContext,
  pos: SourcePos,
  code: LoadErrorCode,
  path: string,
  message: string,
): undefined {
  ctx.errors.push({ file: pos.file, line: pos.line, col: pos.col, code, path, message });
  return undefined;
}

/**
 * Records a load warning at `pos` (same shape as an error; never fails the file).
 *
 * @example
 * ```ts
 * warn(ctx, entry.keyPos, "W_DEPRECATED", "targets.app.alertHandling", "use systemAlertHandling");
 * ```
 */
export function warn(
  ctx: ReadContext,
  pos: SourcePos,
  code: LoadErrorCode,
  path: string,
  message: string,
): void {
  ctx.warnings.push({ file: pos.file, line: pos.line, col: pos.col, code, path, message });
}

/**
 * `a.b` path joining; the document root is "".
 *
 * @example
 * ```ts
 * keyPath("targets", "web"); // "targets.web"
 * keyPath("", "targets"); // "targets"
 * ```
 */
export function keyPath(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/**
 * `a[i]`.
 *
 * @example
 * ```ts
 * indexPath("steps", 3); // "steps[3]"
 * ```
 */
export function indexPath(path: string, i: number): string {
  return `${path}[${i}]`;
}
