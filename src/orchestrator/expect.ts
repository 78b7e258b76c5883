/**
 * The final `expect` block (docs/scenario-language.md#failure-texts): evaluated only after every
 * step passed, with the final bindings. When it fails and the alert guard dismisses a blocker,
 * it is evaluated once more.
 *
 * @module
 */
import { passed } from "../assertions/mod.ts";
import { evaluateBlock, failedReasons } from "./assert_block.ts";
import { checkCancelled } from "./cancellation.ts";
import type { RunContext } from "./context.ts";
import {
  InvalidAfterSubstitution,
  maskResults,
  maskSecrets,
  substituteAssertion,
} from "./substitution.ts";
import type { RunResult } from "./types.ts";

/** Evaluates `expect` into `result`; returns the run failure (`expect: …`) or null. */
export async function runExpect(ctx: RunContext, result: RunResult): Promise<string | null> {
  let block;
  try {
    block = ctx.scenario.expect.map((a, i) => substituteAssertion(ctx, a, `expect[${i}]`));
  } catch (e) {
    if (e instanceof InvalidAfterSubstitution) return `expect: ${maskSecrets(ctx, e.message)}`;
    throw e;
  }
  const evalCtx = ctx.options.expectContext ?? {};
  const first = await evaluateBlock(ctx, block, evalCtx);
  let { results, tree } = first;
  const waits = first.wait ? [first.wait] : [];
  if (!passed(results) && ctx.alertGuard) {
    // With a guard present, a failed expect always gets its one re-evaluation
    // (docs/architecture.md#alert-guard).
    const label = await ctx.alertGuard(ctx.driver, tree);
    if (label !== null) {
      result.expectAlerts = [{ label }];
      const drained = ctx.driver.drainActuations?.();
      if (drained) result.expectActuations = drained.actuations;
    }
    checkCancelled(ctx.cancel);
    const again = await evaluateBlock(ctx, block, evalCtx);
    ({ results, tree } = again);
    if (again.wait) waits.push(again.wait);
  }
  if (waits.length) result.expectWaits = waits;
  ctx.prevTree = tree;
  result.expectResults = maskResults(ctx, results);
  return passed(results) ? null : `expect: ${failedReasons(result.expectResults)}`;
}
