/**
 * Where a node of a loaded file came from, kept on scenarios and steps for reports.
 *
 * @module
 */
/**
 * Where a node came from in its YAML file; kept for error messages, reports and CI annotations.
 *
 * @example
 * ```ts
 * const pos: SourcePos = { file: "suite/login.yaml", line: 12, col: 7 };
 * ```
 */
export interface SourcePos {
  file: string;
  line: number;
  col: number;
}
