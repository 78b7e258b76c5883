/**
 * Control-flow steps (docs/scenario-language.md#control-flow): `if`, `forEach` and (LATER) `web`. A
 * container takes a step index, its nested steps share the phase's counter, outcomes and bindings,
 * and its outcome is appended after its children's. It produces no evidence of its own; its failure
 * reason is the failing child's text (`step 3 (tap): …`).
 *
 * @module
 */
import { isStepLevelError } from "../drivers/driver.ts";
import { evaluate, passed } from "../assertions/mod.ts";
import { findAll } from "../selectors/mod.ts";
import type { Step, StepOf } from "../scenario/types.ts";
import type { PhaseState, RunContext } from "./context.ts";
import type { StepListRunner } from "./leaf_step.ts";
import { newOutcome, recordOutcome, stepIdOf } from "./outcome.ts";
import {
  InvalidAfterSubstitution,
  maskSecrets,
  substituteAssertion,
  substituteSelector,
} from "./substitution.ts";

/** Runs one container step; returns its failure text or null. */
export async function runContainer(
  ctx: RunContext,
  ps: PhaseState,
  step: Step,
  runList: StepListRunner,
): Promise<string | null> {
  const index = ps.next++;
  ctx.options.onStepStart?.(ps.phase, index, step.action);
  const start = ctx.clock.now();
  const outcome = newOutcome(ctx, step, index, stepIdOf(step, index), start);
  let reason: string | null;
  try {
    if (step.action === "if") reason = await runIf(ctx, ps, step, runList);
    else if (step.action === "forEach") reason = await runForEach(ctx, ps, step, runList);
    else reason = "web: no WebView bridge configured";
  } catch (e) {
    if (!(e instanceof InvalidAfterSubstitution) && !isStepLevelError(e)) throw e;
    reason = e.message;
  }
  if (reason !== null) {
    outcome.ok = false;
    outcome.reason = maskSecrets(ctx, reason);
  }
  return recordOutcome(ctx, ps, outcome, start, false);
}

/** One read, no polling; a false condition takes `else` (or nothing) and is not a failure. */
async function runIf(
  ctx: RunContext,
  ps: PhaseState,
  step: StepOf<"if">,
  runList: StepListRunner,
): Promise<string | null> {
  const condition = substituteAssertion(ctx, step.body.condition, "if.condition");
  const tree = await ctx.driver.query();
  ctx.prevTree = tree;
  const ok = passed(evaluate(tree, [condition], ctx.driver.exchanges?.() ?? []));
  const branch = ok ? step.body.then : step.body.else ?? [];
  return branch.length === 0 ? null : await runList(ctx, ps, branch);
}

/**
 * One snapshot, `findAll`, then the body once per match in tree order with `vars.<as>` bound to
 * the element's identifier (it keeps its last value afterwards).
 */
async function runForEach(
  ctx: RunContext,
  ps: PhaseState,
  step: StepOf<"forEach">,
  runList: StepListRunner,
): Promise<string | null> {
  const sel = substituteSelector(ctx, step.body.sel, "forEach.sel");
  const tree = await ctx.driver.query();
  ctx.prevTree = tree;
  for (const el of findAll(tree, sel)) {
    if (!el.identifier) {
      return `forEach: matched element has no identifier (label=${JSON.stringify(el.label)})`;
    }
    ctx.vars[step.body.as] = el.identifier;
    const failure = await runList(ctx, ps, step.body.steps);
    if (failure !== null) return failure;
  }
  return null;
}
