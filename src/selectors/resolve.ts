/**
 * `resolveUnique` (docs/scenario-language.md#resolution): the one element a single-target step acts
 * on. Zero or several candidates fail; there is never a "first match".
 *
 * @module
 */
import { AmbiguousSelector, type Element, ElementNotFound } from "../drivers/driver.ts";
import type { Selector } from "../model/selector.ts";
import { findAll } from "./find.ts";
import { renderCandidate, renderSelector, toCandidate } from "./render.ts";

/** The ambiguity text lists at most this many candidates. */
export const MAX_LISTED_CANDIDATES = 5;

/** Content key of an element: identifier, label, value, frame and the trait SET. */
function contentKey(el: Element): string {
  const traits = [...new Set(el.traits)].sort();
  return JSON.stringify([el.identifier, el.label, el.value, el.frame, traits]);
}

/**
 * Drops later candidates whose content equals an earlier one's (a platform sometimes reports the
 * same control twice; nothing could tell the twins apart, so `index` could not either).
 */
export function collapseIdentical(candidates: readonly Element[]): Element[] {
  const seen = new Set<string>();
  return candidates.filter((el) => {
    const key = contentKey(el);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Drops generic `other` wrappers from a tie (they usually duplicate a real control's label),
 * unless the selector asks for `other` or nothing else would remain.
 */
function dropOtherWrappers(candidates: Element[], sel: Selector): Element[] {
  if (candidates.length <= 1 || sel.traits?.includes("other")) return candidates;
  const rest = candidates.filter((el) => !el.traits.includes("other"));
  return rest.length > 0 ? rest : candidates;
}

/**
 * Resolves `sel` to exactly one element: collapse identical duplicates, drop `other` wrappers
 * from a tie, then apply `index` (negative counts from the end).
 *
 * @throws ElementNotFound `no match: <sel>` or `index <i> out of range for <n> candidates: <sel>`
 * @throws AmbiguousSelector `ambiguous: <n> matches for <sel>: <c1>, … — add within or index`
 * @throws InvalidSelectorPattern when `labelMatches` does not compile
 *
 * @example
 * ```ts
 * const ok = resolveUnique(tree, { label: "OK", traits: ["button"] });
 * ```
 */
export function resolveUnique(tree: readonly Element[], sel: Selector): Element {
  const c = dropOtherWrappers(collapseIdentical(findAll(tree, sel)), sel);
  const rendered = renderSelector(sel);
  if (sel.index !== undefined) {
    const i = sel.index;
    if (!Number.isInteger(i) || !(i >= -c.length && i < c.length)) {
      throw new ElementNotFound(
        `index ${i} out of range for ${c.length} candidates: ${rendered}`,
        sel,
        c.map(toCandidate),
      );
    }
    return c[i >= 0 ? i : c.length + i];
  }
  if (c.length === 0) throw new ElementNotFound(`no match: ${rendered}`, sel);
  if (c.length > 1) {
    const candidates = c.map(toCandidate);
    const listed = candidates.slice(0, MAX_LISTED_CANDIDATES).map(renderCandidate).join(", ");
    throw new AmbiguousSelector(
      `ambiguous: ${c.length} matches for ${rendered}: ${listed} — add within or index`,
      sel,
      candidates,
    );
  }
  return c[0];
}
