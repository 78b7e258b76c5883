/**
 * The step runner shared by every phase and by nested lists (if branches, forEach bodies,
 * interrupt recoveries): steps run in order, cancellation is read between them, and the list
 * stops at the first failure.
 *
 * @module
 */
import { CONTAINER_ACTIONS, type Step } from "../scenario/types.ts";
import { checkCancelled } from "./cancellation.ts";
import type { PhaseState, RunContext } from "./context.ts";
import { runContainer } from "./control_flow.ts";
import { runLeafStep } from "./leaf_step.ts";

/**
 * Runs `steps` into `ps`; returns the first failure text (`step <i> (<action>): <reason>`) or
 * null. Throws `RunCancelled` when the context's signal is set between steps or mid-poll.
 */
export async function runStepList(
  ctx: RunContext,
  ps: PhaseState,
  steps: readonly Step[],
): Promise<string | null> {
  for (const step of steps) {
    checkCancelled(ctx.cancel);
    const failure = CONTAINER_ACTIONS.has(step.action)
      ? await runContainer(ctx, ps, step, runStepList)
      : await runLeafStep(ctx, ps, step, runStepList);
    if (failure !== null) return failure;
  }
  return null;
}
