/**
 * `extract` (docs/scenario-language.md#extract): after a passing step, copy properties of uniquely
 * resolved elements of the post-step tree into `vars.*`, in map order, stopping at the first
 * failure.
 *
 * @module
 */
import type { Element } from "../drivers/driver.ts";
import { SelectorError } from "../drivers/driver.ts";
import { resolveUnique } from "../selectors/mod.ts";
import type { ExtractSpec } from "../scenario/types.ts";

/**
 * Binds every entry into `vars`; returns the failure text (`extract '<var>': …`) or null.
 *
 * @example
 * ```ts
 * runExtract(tree, { total: { sel: { id: "cart.total" }, prop: "value" } }, vars); // null
 * vars.total; // "42"
 * ```
 */
export function runExtract(
  tree: readonly Element[],
  extract: Record<string, ExtractSpec>,
  vars: Record<string, string>,
): string | null {
  for (const [name, spec] of Object.entries(extract)) {
    let el: Element;
    try {
      el = resolveUnique(tree, spec.sel);
    } catch (e) {
      if (e instanceof SelectorError) return `extract '${name}': ${e.message}`;
      throw e;
    }
    const prop = spec.prop ?? "value";
    const value = el[prop];
    if (value === null) return `extract '${name}': ${prop} is None on the matched element`;
    vars[name] = value;
  }
  return null;
}
