/**
 * Selectors: matching, resolution, rendering and tree geometry
 * (docs/architecture.md#the-element-tree, docs/scenario-language.md#resolution,
 * docs/scenario-language.md#reachability-and-recovery,
 * docs/scenario-language.md#directional-gesture-geometry). Consumers import from here.
 *
 * @example
 * ```ts
 * import { assertReachable, resolveUnique } from "../selectors/mod.ts";
 * const target = resolveUnique(tree, { id: "home.submit" });
 * assertReachable(tree, target);
 * ```
 *
 * @module
 */
export { globMatch, globToRegExp } from "./glob.ts";
export { compileMatcher, type ElementPredicate, matches } from "./match.ts";
export { findAll, indexedNeed, indexedPresent } from "./find.ts";
export { collapseIdentical, MAX_LISTED_CANDIDATES, resolveUnique } from "./resolve.ts";
export {
  renderCandidate,
  renderFrame,
  renderSelector,
  renderSelectorPairs,
  SELECTOR_KEYS,
  toCandidate,
} from "./render.ts";
export {
  assertReachable,
  coverOf,
  DEFAULT_GESTURE_AMOUNT,
  directionalEndpoints,
  frameCenter,
  frameContainsPoint,
  frameInside,
  GESTURE_MARGIN,
  gestureAnchor,
  redirectCandidates,
  ROOT_TRAIT,
  screenSize,
  topmostAtPoint,
} from "./geometry.ts";
export { elementsEqual, treesEqual } from "./trees.ts";
export { idCandidates, primaryId } from "./ids.ts";
export { compileRegex } from "./pattern.ts";
export { InvalidRegex, InvalidSelectorPattern } from "./errors.ts";
