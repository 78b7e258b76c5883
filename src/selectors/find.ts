/**
 * `findAll` (docs/scenario-language.md#resolution): every match, in tree order. Used as-is by
 * `count`, `forEach` and `within` scopes; `exists` and the waits use it through
 * {@link indexedPresent}, which honours `index` (docs/scenario-language.md#index). No duplicate
 * collapse, no `other` filter.
 *
 * @module
 */
import type { Element } from "../model/element.ts";
import type { Selector } from "../model/selector.ts";
import { frameInside } from "./geometry.ts";
import { compileMatcher } from "./match.ts";

/**
 * All elements matching `sel`, in tree order. With `within`, a candidate must lie inside (edges
 * inclusive) the frame of any element `findAll(tree, within)` returns — an ambiguous container
 * is fine, and an `index` inside `within` is ignored.
 *
 * @example
 * ```ts
 * findAll(tree, { traits: ["cell"], within: { id: "home.list" } });
 * ```
 */
export function findAll(tree: readonly Element[], sel: Selector): Element[] {
  const test = compileMatcher(sel);
  const found = tree.filter(test);
  if (sel.within === undefined) return found;
  const scopes = findAll(tree, sel.within).map((el) => el.frame);
  return found.filter((el) => scopes.some((scope) => frameInside(el.frame, scope)));
}

/**
 * Whether the candidate `sel` names is on the tree: without `index`, any match; with `index: i`,
 * more than `i` matches (at least `-i` for a negative one), so `{traits: [button], index: 99}`
 * is absent on a page of 26 buttons, as `tap` would find it. `exists`, `wait for`, `wait gone`
 * and a driver's single-shot `waitFor` use this (docs/scenario-language.md#index).
 *
 * @example
 * ```ts
 * indexedPresent(tree, { traits: ["button"] }); // findAll(tree, sel).length >= 1
 * indexedPresent(tree, { traits: ["button"], index: 2 }); // at least 3 buttons
 * indexedPresent(tree, { traits: ["button"], index: -1 }); // at least 1 button
 * ```
 */
export function indexedPresent(tree: readonly Element[], sel: Selector): boolean {
  return findAll(tree, sel).length >= indexedNeed(sel);
}

/** How many matches make the indexed candidate exist (1 without an index). */
export function indexedNeed(sel: Selector): number {
  const i = sel.index;
  if (i === undefined) return 1;
  return i >= 0 ? i + 1 : -i;
}
