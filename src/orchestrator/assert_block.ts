/**
 * Evaluating an `assert` step or the `expect` block
 * (docs/scenario-language.md#evaluating-assertions): one snapshot by default; with a
 * `minWaitTimeoutS` floor the block is re-read every 50 ms until it passes or the budget ends,
 * stopping early once only read-once kinds still fail.
 *
 * @module
 */
import type { Element } from "../drivers/driver.ts";
import { type EvalContext, evaluate, passed } from "../assertions/mod.ts";
import type { Assertion, AssertionKind } from "../scenario/types.ts";
import { checkCancelled } from "./cancellation.ts";
import type { RunContext } from "./context.ts";
import { pastDeadline, sleepRemainder } from "./poll.ts";
import type { AssertionResult } from "./types.ts";

/** Kinds a tree re-read cannot change: re-reading for them would only idle to the deadline. */
export const READ_ONCE_KINDS: ReadonlySet<AssertionKind> = new Set<AssertionKind>([
  "clipboard",
  "visual",
  "request",
  "event",
  "requestSequence",
  "responseSchema",
]);

/** The final results and the tree they were evaluated on. */
export interface BlockOutcome {
  results: AssertionResult[];
  tree: Element[];
}

/**
 * Evaluates `assertions` against fresh reads until they pass or the run's re-read budget ends.
 *
 * @example
 * ```ts
 * const { results, tree } = await evaluateBlock(ctx, step.body, {});
 * ```
 */
export async function evaluateBlock(
  ctx: RunContext,
  assertions: readonly Assertion[],
  evalCtx: EvalContext,
): Promise<BlockOutcome> {
  const { clock, driver } = ctx;
  const deadline = clock.now() + ctx.minWaitTimeoutS;
  for (;;) {
    checkCancelled(ctx.cancel);
    const readStart = clock.now();
    const tree = await driver.query();
    const results = evaluate(tree, assertions, driver.exchanges?.() ?? [], evalCtx);
    if (passed(results) || pastDeadline(clock, deadline)) return { results, tree };
    if (results.every((r) => r.ok || READ_ONCE_KINDS.has(r.kind))) return { results, tree };
    await sleepRemainder(clock, readStart, deadline);
  }
}

/** The failure reasons of a block joined by `"; "`. */
export function failedReasons(results: readonly AssertionResult[]): string {
  return results.filter((r) => !r.ok).map((r) => r.reason).join("; ");
}
