/**
 * One node of the element tree every backend reports and every selector matches.
 *
 * @module
 */
import type { Frame } from "./geometry.ts";

/**
 * One node of the flat, document-ordered element tree (docs/architecture.md#the-element-tree).
 *
 * @example
 * ```ts
 * const ok: Element = {
 *   identifier: "login.submit",
 *   label: "Log in",
 *   value: null,
 *   traits: ["button"],
 *   frame: [16, 600, 358, 44],
 *   nativeZ: null,
 * };
 * ```
 */
export interface Element {
  identifier: string | null;
  label: string | null;
  value: string | null;
  traits: string[];
  frame: Frame;
  /** Diagnostic only: never matched, never compared. */
  nativeZ: number | null;
}
