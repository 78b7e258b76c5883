/**
 * The tree-based assertion kinds (docs/scenario-language.md#assertions, MUST): `exists`, `value`,
 * `label`, `count`, `enabled`, `disabled`, `selected`. Each checks one `query()` snapshot and never
 * throws: a selector error or a bad regex is a failed result.
 *
 * @module
 */
import type { Element } from "../model/element.ts";
import type { CountOp, StringOp } from "../model/assertion.ts";
import type { Selector } from "../model/selector.ts";
import type { AssertionResult } from "../model/assertion_result.ts";
import { findAll, indexedPresent } from "../selectors/find.ts";
import { resolveUnique } from "../selectors/resolve.ts";
import { renderSelector, renderSelectorPairs } from "../selectors/render.ts";
import { compileRegex } from "../selectors/pattern.ts";
import { guarded, result } from "./result.ts";

/** The state kinds; each is a trait test on the resolved element. */
export type StateKind = "enabled" | "disabled" | "selected";

/**
 * `exists` (+`negate`): passes when the candidate is present XOR `negate`; with `index: i` the
 * candidate is present when `findAll` yields more than `i` matches (docs/scenario-language.md#index).
 *
 * @example
 * ```ts
 * evaluateExists(tree, { id: "spinner" }, true).reason;
 * // 'exists {"id":"spinner"}: expected absent but was present'
 * ```
 */
export function evaluateExists(
  tree: readonly Element[],
  sel: Selector,
  negate: boolean,
): AssertionResult {
  const want = negate ? "absent" : "present";
  const detail = `${want}: ${renderSelectorPairs(sel)}`;
  const target = renderSelector(sel);
  return guarded("exists", detail, target, () => {
    const found = indexedPresent(tree, sel);
    const was = found ? "present" : "absent";
    return result(found !== negate, "exists", detail, target, `expected ${want} but was ${was}`);
  });
}

function stringOp(op: StringOp): ["equals" | "contains" | "matches", string] {
  if ("equals" in op) return ["equals", op.equals];
  if ("contains" in op) return ["contains", op.contains];
  return ["matches", op.matches];
}

/**
 * `value` / `label`: resolve uniquely (ambiguity fails even if every candidate would pass), then
 * compare the element's value or label. A null actual fails every operator; `matches` is an
 * unanchored regex search.
 *
 * @example
 * ```ts
 * evaluateText(tree, "value", { id: "qty" }, { equals: "2" }).detail; // 'value equals="2": id="qty"'
 * ```
 */
export function evaluateText(
  tree: readonly Element[],
  kind: "value" | "label",
  sel: Selector,
  op: StringOp,
): AssertionResult {
  const [name, expected] = stringOp(op);
  const detail = `${kind} ${name}=${JSON.stringify(expected)}: ${renderSelectorPairs(sel)}`;
  const target = renderSelector(sel);
  return guarded(kind, detail, target, () => {
    const el = resolveUnique(tree, sel);
    const actual = kind === "value" ? el.value : el.label;
    let ok = false;
    if (actual !== null) {
      if (name === "equals") ok = actual === expected;
      else if (name === "contains") ok = actual.includes(expected);
      else ok = compileRegex(expected).test(actual);
    }
    const reason = `expected ${name}=${JSON.stringify(expected)} but actual=${
      JSON.stringify(actual)
    }`;
    return result(ok, kind, detail, target, reason);
  });
}

function countOp(op: CountOp): ["equals" | "atLeast" | "atMost", number] {
  if ("equals" in op) return ["equals", op.equals];
  if ("atLeast" in op) return ["atLeast", op.atLeast];
  return ["atMost", op.atMost];
}

/**
 * `count`: `n = findAll(tree, sel).length` compared with `equals` / `atLeast` / `atMost`.
 *
 * @example
 * ```ts
 * evaluateCount(tree, { traits: ["cell"] }, { atLeast: 3 }).detail; // 'count atLeast=3: traits=["cell"]'
 * ```
 */
export function evaluateCount(
  tree: readonly Element[],
  sel: Selector,
  op: CountOp,
): AssertionResult {
  const [name, k] = countOp(op);
  const detail = `count ${name}=${k}: ${renderSelectorPairs(sel)}`;
  const target = renderSelector(sel);
  return guarded("count", detail, target, () => {
    const n = findAll(tree, sel).length;
    const ok = name === "equals" ? n === k : name === "atLeast" ? n >= k : n <= k;
    return result(ok, "count", detail, target, `expected count ${name}=${k} but n=${n}`);
  });
}

/**
 * `enabled` (`notEnabled` absent), `disabled` (`notEnabled` present) and `selected` (`selected`
 * present) on the uniquely resolved element.
 *
 * @example
 * ```ts
 * evaluateState(tree, "enabled", { id: "save" }).reason;
 * // 'enabled {"id":"save"}: not enabled: traits=["button","notEnabled"]'
 * ```
 */
export function evaluateState(
  tree: readonly Element[],
  kind: StateKind,
  sel: Selector,
): AssertionResult {
  const detail = `${kind}: ${renderSelectorPairs(sel)}`;
  const target = renderSelector(sel);
  return guarded(kind, detail, target, () => {
    const { traits } = resolveUnique(tree, sel);
    const ok = kind === "enabled"
      ? !traits.includes("notEnabled")
      : kind === "disabled"
      ? traits.includes("notEnabled")
      : traits.includes("selected");
    return result(ok, kind, detail, target, `not ${kind}: traits=${JSON.stringify(traits)}`);
  });
}
