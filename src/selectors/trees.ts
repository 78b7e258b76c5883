/**
 * Tree equality (docs/architecture.md#the-element-tree), used by `until: screenChanged`, `settled`
 * and the readiness gate.
 *
 * @module
 */
import type { Element } from "../model/element.ts";

/** Equal identity, state and frame of one element; `nativeZ` is diagnostic and ignored. */
export function elementsEqual(x: Element, y: Element): boolean {
  return x.identifier === y.identifier && x.label === y.label && x.value === y.value &&
    x.traits.length === y.traits.length && x.traits.every((t, k) => t === y.traits[k]) &&
    x.frame.length === y.frame.length && x.frame.every((n, k) => n === y.frame[k]);
}

/**
 * Two trees are equal iff same length and, element by element, equal identifier, label, value,
 * traits (ordered) and frame.
 *
 * @example
 * ```ts
 * treesEqual(before, after); // false once anything visible moved or changed
 * ```
 */
export function treesEqual(a: readonly Element[], b: readonly Element[]): boolean {
  return a.length === b.length && a.every((el, i) => elementsEqual(el, b[i]));
}
