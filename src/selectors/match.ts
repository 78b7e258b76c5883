/**
 * The per-element half of a selector (docs/scenario-language.md#selectors): `id`, `idMatches`,
 * `label`, `labelMatches`, `traits`, `value`. `within` and `index` are cross-element and live in
 * `find.ts` / `resolve.ts`.
 *
 * @module
 */
import type { Element } from "../model/element.ts";
import type { Selector } from "../model/selector.ts";
import { InvalidRegex, InvalidSelectorPattern } from "./errors.ts";
import { globToRegExp } from "./glob.ts";
import { idCandidates } from "./ids.ts";
import { compileRegex } from "./pattern.ts";

/** A compiled per-element test. */
export type ElementPredicate = (el: Element) => boolean;

function compileLabelPattern(sel: Selector, pattern: string): RegExp {
  try {
    return compileRegex(pattern);
  } catch (e) {
    throw e instanceof InvalidRegex ? new InvalidSelectorPattern(e, sel) : e;
  }
}

/**
 * Compiles the selector's per-element fields once, so scanning a whole tree compiles each glob
 * and regex a single time. Throws `InvalidSelectorPattern` for a `labelMatches` that does not
 * compile.
 */
export function compileMatcher(sel: Selector): ElementPredicate {
  const tests: ElementPredicate[] = [];
  if (sel.id !== undefined) {
    const ids = new Set(idCandidates(sel.id));
    tests.push((el) => el.identifier !== null && ids.has(el.identifier));
  }
  if (sel.idMatches !== undefined) {
    const globs = idCandidates(sel.idMatches).map(globToRegExp);
    tests.push((el) => el.identifier !== null && globs.some((g) => g.test(el.identifier!)));
  }
  if (sel.label !== undefined) {
    const label = sel.label;
    tests.push((el) => el.label === label);
  }
  if (sel.labelMatches !== undefined) {
    const re = compileLabelPattern(sel, sel.labelMatches);
    // A global/sticky flag would make `test` stateful; compilePattern never sets them.
    tests.push((el) => el.label !== null && re.test(el.label));
  }
  if (sel.traits !== undefined) {
    const wanted = sel.traits;
    tests.push((el) => wanted.every((t) => el.traits.includes(t)));
  }
  if (sel.value !== undefined) {
    const value = sel.value;
    tests.push((el) => el.value === value);
  }
  return (el) => tests.every((t) => t(el));
}

/**
 * Whether one element satisfies the selector's per-element fields (all AND-ed; `within` and
 * `index` are ignored).
 *
 * @example
 * ```ts
 * matches(el, { id: ["stable.refresh", "stable_refresh"], traits: ["button"] });
 * ```
 */
export function matches(el: Element, sel: Selector): boolean {
  return compileMatcher(sel)(el);
}
