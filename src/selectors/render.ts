/**
 * Printing selectors and candidates the same way everywhere (error texts, assertion details, wait
 * timeouts), so reports never drift (docs/scenario-language.md#selector-errors,
 * docs/scenario-language.md#evaluating-assertions).
 *
 * @module
 */
import type { Candidate } from "../drivers/driver.ts";
import type { Selector } from "../model/selector.ts";

/** Selector keys in the order of the spec's field table; rendering always follows it. */
export const SELECTOR_KEYS = [
  "id",
  "idMatches",
  "label",
  "labelMatches",
  "traits",
  "value",
  "within",
  "index",
] as const satisfies readonly (keyof Selector)[];

/** The selector's present fields as a plain object with keys in table order (recursively). */
function ordered(sel: Selector): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of SELECTOR_KEYS) {
    const v = sel[key];
    if (v === undefined) continue;
    out[key] = key === "within" ? ordered(v as Selector) : v;
  }
  return out;
}

/**
 * Compact JSON of a selector, keys in table order.
 *
 * @example
 * ```ts
 * renderSelector({ traits: ["button"], label: "OK" }); // '{"label":"OK","traits":["button"]}'
 * ```
 */
export function renderSelector(sel: Selector): string {
  return JSON.stringify(ordered(sel));
}

/**
 * The `<s>` of assertion details: `key=<json>` pairs joined by `, ` in table order.
 *
 * @example
 * ```ts
 * renderSelectorPairs({ id: "home.title", traits: ["button"] });
 * // 'id="home.title", traits=["button"]'
 * ```
 */
export function renderSelectorPairs(sel: Selector): string {
  return Object.entries(ordered(sel)).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(", ");
}

/** `[x,y,w,h]` with numbers in JS `String()` form. */
export function renderFrame(frame: readonly number[]): string {
  return `[${frame.map(String).join(",")}]`;
}

/**
 * Names an element for error texts: `id=<identifier>`, else `label=<JSON label>`, else
 * `anonymous`, directly followed by `@[x,y,w,h]`.
 *
 * @example
 * ```ts
 * renderCandidate({ identifier: null, label: "OK", frame: [0, 0, 10, 5] }); // 'label="OK"@[0,0,10,5]'
 * ```
 */
export function renderCandidate(c: Candidate): string {
  // Empty strings name nothing, so they fall through like null.
  const name = c.identifier
    ? `id=${c.identifier}`
    : c.label
    ? `label=${JSON.stringify(c.label)}`
    : "anonymous";
  return `${name}@${renderFrame(c.frame)}`;
}

/** The candidate view of an element (identity, label and frame only). */
export function toCandidate(el: Candidate): Candidate {
  return { identifier: el.identifier, label: el.label, frame: el.frame };
}
