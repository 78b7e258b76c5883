/**
 * Small helpers for building `LoadError`s and YAML paths in the templating stages.
 *
 * @module
 */
import type { LoadError, LoadErrorCode } from "../../yaml/load_error.ts";
import type { SourcePos } from "../../yaml/pnode.ts";

/** A load error at a source position. */
export function errorAt(
  pos: SourcePos,
  code: LoadErrorCode,
  path: string,
  message: string,
): LoadError {
  return { file: pos.file, line: pos.line, col: pos.col, code, path, message };
}

/** `base.key` (or `key` when base is empty). */
export function keyPath(base: string, key: string): string {
  return base ? `${base}.${key}` : key;
}

/** `base[i]`. */
export function indexPath(base: string, i: number): string {
  return `${base}[${i}]`;
}
