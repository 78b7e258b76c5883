/**
 * A selector a person would write for one element of a tree (docs/cli.md#inspect): the
 * simplest that resolves uniquely to that very element — its id, its label, its label and type,
 * its type and value, then the same inside the nearest identified container — and a positional
 * `index` only as the last resort (marked, since it breaks when the page changes).
 *
 * @module
 */
import type { Element } from "../model/element.ts";
import { frameInside, resolveUnique } from "../selectors/mod.ts";
import type { Selector } from "../model/selector.ts";

/** A suggestion: the selector, and whether it names the element without a position. */
export interface Suggestion {
  selector: Selector;
  /** False when only a positional `index` tells the element apart. */
  stable: boolean;
}

function resolvesTo(tree: readonly Element[], sel: Selector, el: Element): boolean {
  try {
    return resolveUnique(tree, sel) === el;
  } catch {
    return false;
  }
}

/** The element's own candidate selectors, simplest first. */
function ownCandidates(el: Element): Selector[] {
  const type = el.traits[0];
  const out: Selector[] = [];
  if (el.identifier) out.push({ id: el.identifier });
  if (el.label !== null) {
    out.push({ label: el.label });
    if (type) out.push({ label: el.label, traits: [type] });
  }
  if (el.value !== null && el.value !== "" && type) out.push({ traits: [type], value: el.value });
  return out;
}

/** The nearest element before `el` with an identifier whose frame holds `el`'s (not itself). */
function container(tree: readonly Element[], el: Element, i: number): Element | null {
  for (let j = i - 1; j >= 0; j--) {
    const c = tree[j];
    if (c.identifier && c !== el && frameInside(el.frame, c.frame)) return c;
  }
  return null;
}

/**
 * The suggested selector for `tree[i]`.
 *
 * @example
 * ```ts
 * suggestSelector(tree, 3); // { selector: { label: "Save", traits: ["button"] }, stable: true }
 * ```
 */
export function suggestSelector(tree: readonly Element[], i: number): Suggestion {
  const el = tree[i];
  const own = ownCandidates(el);
  for (const sel of own) if (resolvesTo(tree, sel, el)) return { selector: sel, stable: true };
  const box = container(tree, el, i);
  if (box) {
    const within = { id: box.identifier! };
    const scoped = [...own.filter((s) => s.id === undefined), { traits: [el.traits[0]] }];
    for (const sel of scoped) {
      const candidate = { ...sel, within };
      if (resolvesTo(tree, candidate, el)) return { selector: candidate, stable: true };
    }
  }
  // Last resort: its position among the elements of its type (and label, when it has one).
  const base: Selector = el.label !== null
    ? { label: el.label, traits: [el.traits[0]] }
    : { traits: [el.traits[0]] };
  for (let k = 0; k < tree.length; k++) {
    const candidate = { ...base, index: k };
    if (resolvesTo(tree, candidate, el)) return { selector: candidate, stable: false };
  }
  return { selector: { ...base, index: i }, stable: false };
}
