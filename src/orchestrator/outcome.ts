/**
 * Building and recording StepOutcomes: one shape for leaf and container steps, appended in
 * completion order (a container after its children), each with its phase index.
 *
 * @module
 */
import type { Step } from "../scenario/types.ts";
import type { PhaseState, RunContext } from "./context.ts";
import type { StepOutcome } from "./types.ts";

/** A passing outcome for `step` at `index`, started at clock time `start`. */
export function newOutcome(
  ctx: RunContext,
  step: Step,
  index: number,
  stepId: string,
  start: number,
): StepOutcome {
  const outcome: StepOutcome = {
    index,
    action: step.action,
    stepId,
    ok: true,
    reason: "",
    durationS: 0,
    actuations: [],
    droppedActuations: 0,
    assertionResults: [],
    artifacts: [],
    firedRules: [],
    startedAt: ctx.wallStart + (start - ctx.monoStart),
  };
  if (step.pos) {
    outcome.line = step.pos.line;
    outcome.file = step.pos.file;
  }
  ctx.meter.open(outcome);
  return outcome;
}

/** `step <index> (<action>): <reason>` (docs/scenario-language.md#failure-texts). */
export function stepFailureText(outcome: StepOutcome): string {
  return `step ${outcome.index} (${outcome.action}): ${outcome.reason}`;
}

/**
 * Stamps the duration, optionally drains the driver's actuations (leaf steps, once per step),
 * appends the outcome and reports it. Returns the step's failure text, or null.
 */
export function recordOutcome(
  ctx: RunContext,
  ps: PhaseState,
  outcome: StepOutcome,
  start: number,
  drain: boolean,
): string | null {
  if (drain) {
    const drained = ctx.driver.drainActuations?.();
    if (drained) {
      outcome.actuations = drained.actuations;
      outcome.droppedActuations = drained.dropped;
    }
  }
  outcome.durationS = ctx.clock.now() - start;
  const latency = ctx.meter.close(outcome);
  // Leaf steps only: a container's time is its children's, already counted on them.
  if (drain) outcome.latency = latency;
  ps.outcomes.push(outcome);
  ctx.options.onStep?.(ps.phase, outcome);
  return outcome.ok ? null : stepFailureText(outcome);
}

/** A leaf or container step's evidence id and directory. */
export function stepIdOf(step: Step, index: number): string {
  return step.name ? step.name : `step${index}`;
}
