/**
 * `findAll` (docs/scenario-language.md#resolution): every match, in tree order. Used as-is by
 * `exists`, `count`, waits, `forEach` and `within` scopes; no duplicate collapse, no `other`
 * filter.
 *
 * @module
 */
import type { Element } from "../drivers/driver.ts";
import type { Selector } from "../scenario/types.ts";
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
