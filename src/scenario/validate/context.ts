/**
 * The state one validation pass threads through every validator: the problems found so far and
 * the pass mode. Validators never throw on bad input; they report and carry on, so one pass
 * yields every problem of a file.
 *
 * @module
 */
import type { LoadError, LoadErrorCode } from "../errors.ts";
import type { SourcePos } from "../types.ts";

/** Mutable per-pass state (owned by one `validate*` call, never shared between files). */
export interface ValidationContext {
  readonly errors: LoadError[];
  readonly warnings: LoadError[];
  /**
   * Raw pass (before load-time templating): `use` steps are allowed and a `${…}` token in a
   * number/integer/boolean/enum slot is accepted for now, because `${row.*}`/`${params.*}`
   * substitution will replace it before the typed pass.
   */
  readonly raw: boolean;
  /** Set when the raw pass accepted a token it could not check yet (a second pass is needed). */
  deferred: boolean;
  /** Set when the raw pass saw a `use` step. */
  usesComponents: boolean;
}

/** A fresh context for one pass. */
export function newContext(raw: boolean): ValidationContext {
  return { errors: [], warnings: [], raw, deferred: false, usesComponents: false };
}

/** Records a load error at `pos`. */
export function report(
  ctx: ValidationContext,
  pos: SourcePos,
  code: LoadErrorCode,
  path: string,
  message: string,
): void {
  ctx.errors.push({ file: pos.file, line: pos.line, col: pos.col, code, path, message });
}

/** Records a load warning at `pos` (same shape as an error; never fails the file). */
export function warn(
  ctx: ValidationContext,
  pos: SourcePos,
  code: LoadErrorCode,
  path: string,
  message: string,
): void {
  ctx.warnings.push({ file: pos.file, line: pos.line, col: pos.col, code, path, message });
}

/** `a.b` / `a[0]` path joining; the document root is "". */
export function keyPath(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** `a[i]`. */
export function indexPath(path: string, i: number): string {
  return `${path}[${i}]`;
}
