/**
 * Assertions: evaluating `expect` / `assert` blocks and `if` / interrupt conditions
 * (docs/scenario-language.md#assertions, docs/scenario-language.md#evaluating-assertions), plus the
 * request matcher shared with waits and mocks.
 *
 * @example
 * ```ts
 * import { evaluate, passed } from "../assertions/mod.ts";
 * const ok = passed(evaluate(tree, [{ kind: "exists", sel: { id: "home" }, negate: false }]));
 * ```
 *
 * @module
 */
export { type EvalContext, evaluate, evaluateOne, passed } from "./evaluate.ts";
export {
  compileRequestMatch,
  countMatching,
  type ExchangePredicate,
  requestLabel,
  requestMatches,
} from "./request_match.ts";
export { assignDistinct } from "./assign.ts";
