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
import type { AssertionResult, WaitEnd, WaitRecord } from "./types.ts";

/** Kinds a tree re-read cannot change: re-reading for them would only idle to the deadline. */
export const READ_ONCE_KINDS: ReadonlySet<AssertionKind> = new Set<AssertionKind>([
  "clipboard",
  "visual",
  "request",
  "event",
  "requestSequence",
  "responseSchema",
]);

/** The final results, the tree they were evaluated on and, when it re-read, the re-read wait. */
export interface BlockOutcome {
  results: AssertionResult[];
  tree: Element[];
  /**
   * An `assert-retry` wait (docs/reports.md#waits) when the block was read more than once; null
   * for a single read, so the common first-read pass adds nothing to the manifest.
   */
  wait: WaitRecord | null;
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
  const start = clock.now();
  const deadline = start + ctx.minWaitTimeoutS;
  let reads = 0;
  const done = (results: AssertionResult[], tree: Element[], endedBy: WaitEnd): BlockOutcome => ({
    results,
    tree,
    wait: reads > 1
      ? {
        kind: "assert-retry",
        endedBy,
        reads,
        seconds: clock.now() - start,
        timeoutS: ctx.minWaitTimeoutS,
      }
      : null,
  });
  for (;;) {
    checkCancelled(ctx.cancel);
    const readStart = clock.now();
    const tree = await driver.query();
    reads++;
    const results = evaluate(tree, assertions, driver.exchanges?.() ?? [], evalCtx);
    if (passed(results)) return done(results, tree, "condition");
    if (pastDeadline(clock, deadline)) return done(results, tree, "timeout");
    // Only kinds a re-read cannot change still fail: stop before the floor passes.
    if (results.every((r) => r.ok || READ_ONCE_KINDS.has(r.kind))) {
      return done(results, tree, "readOnce");
    }
    await sleepRemainder(clock, readStart, deadline);
  }
}

/** The failure reasons of a block joined by `"; "`. */
export function failedReasons(results: readonly AssertionResult[]): string {
  return results.filter((r) => !r.ok).map((r) => r.reason).join("; ");
}
