/**
 * Evaluating an `expect` / `assert` block (docs/scenario-language.md#evaluating-assertions): one
 * snapshot, every assertion evaluated and reported (no short-circuit), never throws.
 *
 * @module
 */
import type { Element } from "../model/element.ts";
import type { Exchange } from "../model/exchange.ts";
import type { Assertion, RequestMatch } from "../model/assertion.ts";
import type { AssertionResult } from "../model/assertion_result.ts";
import {
  type EvalContext,
  evaluateClipboard,
  evaluateGolden,
  evaluateResponseSchema,
  evaluateVisual,
} from "./context.ts";
import {
  evaluateEvent,
  evaluateRequest,
  evaluateRequestSequence,
  evaluateRequestsOneToOne,
} from "./network.ts";
import { failure } from "./result.ts";
import { evaluateCount, evaluateExists, evaluateState, evaluateText } from "./ui.ts";

export type { EvalContext };

/**
 * Evaluates one assertion on its own (a count-less `request` needs ≥ 1 match; the one-to-one
 * rule only applies across a block in `evaluate`). Total.
 */
export function evaluateOne(
  tree: readonly Element[],
  a: Assertion,
  exchanges: readonly Exchange[] = [],
  ctx: EvalContext = {},
): AssertionResult {
  try {
    switch (a.kind) {
      case "exists":
        return evaluateExists(tree, a.sel, a.negate);
      case "value":
      case "label":
        return evaluateText(tree, a.kind, a.sel, a.op);
      case "count":
        return evaluateCount(tree, a.sel, a.op);
      case "enabled":
      case "disabled":
      case "selected":
        return evaluateState(tree, a.kind, a.sel);
      case "request":
        return evaluateRequest(exchanges, a.match);
      case "event":
        return evaluateEvent(exchanges, a);
      case "requestSequence":
        return evaluateRequestSequence(exchanges, a.matches);
      case "responseSchema":
        return evaluateResponseSchema(exchanges, a);
      case "visual":
        return evaluateVisual(a);
      case "clipboard":
        return evaluateClipboard(ctx.clipboard, a);
      case "golden":
        return evaluateGolden(a);
      default: {
        const never: never = a;
        return failure((never as Assertion).kind, "", "", "unknown assertion kind");
      }
    }
  } catch (e) {
    // Evaluators are total already; this keeps the block total even against a bug.
    return failure(a.kind, "", "", e);
  }
}

/**
 * Evaluates a block against one tree snapshot and the exchanges observed so far. Results are
 * aligned with `assertions`. When ≥ 2 `request` assertions without `count` share the block, they
 * are assigned distinct exchanges (maximum bipartite matching); `count` ones stay aggregates.
 *
 * @example
 * ```ts
 * const results = evaluate(await driver.query(), step.body, driver.exchanges?.() ?? []);
 * if (!passed(results)) console.log(results.filter((r) => !r.ok).map((r) => r.reason));
 * ```
 */
export function evaluate(
  tree: readonly Element[],
  assertions: readonly Assertion[],
  exchanges: readonly Exchange[] = [],
  ctx: EvalContext = {},
): AssertionResult[] {
  const bare: { at: number; match: RequestMatch }[] = [];
  assertions.forEach((a, at) => {
    if (a.kind === "request" && a.match.count === undefined) bare.push({ at, match: a.match });
  });
  const assigned = new Map<number, AssertionResult>();
  if (bare.length >= 2) {
    const results = evaluateRequestsOneToOne(exchanges, bare.map((b) => b.match));
    bare.forEach((b, i) => assigned.set(b.at, results[i]));
  }
  return assertions.map((a, at) => assigned.get(at) ?? evaluateOne(tree, a, exchanges, ctx));
}

/** True iff every result is ok (AND over the whole block). */
export function passed(results: readonly AssertionResult[]): boolean {
  return results.every((r) => r.ok);
}
